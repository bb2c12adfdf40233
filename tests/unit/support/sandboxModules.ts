/*
 * setupFiles of the sandbox projects, whose files share the sandbox's modules (isolate: false, so
 * that the services, the documents' validators and PGlite load once per run, not once per file):
 * before each file, the module state a file may change goes back to what a fresh import gives.
 */
import { forgetClock } from '../../../sandbox/clock';
import { forgetCounts } from '../../../sandbox/services/systems/queries';
import { resetSignInThrottle, SIGNIN_LIMITS } from '../../../sandbox/signin';
import { setConfigFile } from '../../../sandbox/company';

const shared = globalThis as typeof globalThis & { __signInLimits?: typeof SIGNIN_LIMITS; __defaultConfig?: string };
// The first file's import is the fresh one: its values are the defaults.
shared.__signInLimits ??= { ...SIGNIN_LIMITS };
shared.__defaultConfig ??= process.env.SANDBOX_CONFIG ?? 'public/config.json';

// Run before each file is imported (a setup file runs again for each file; its imports stay cached),
// so that what a file sets at its top level stays set.
// The clock's listeners are the schedulers of earlier files' sandboxes, on databases now closed.
forgetClock();
forgetCounts();
Object.assign(SIGNIN_LIMITS, shared.__signInLimits);
resetSignInThrottle();
setConfigFile(shared.__defaultConfig);
