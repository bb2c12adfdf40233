import { useEffect, useState, type ComponentType } from 'react';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useMessages } from '@/i18n/lookup';
import { CHUNK_LOAD_TIMEOUT_MS, LAZY_PAGE_MIN_DELAY_MS } from '@/config/constants';
import { LoadingAnimation, type LoadingVariant } from './LoadingAnimation';

/** A page's code that did not arrive: `timeout` after 120 s, else the load failed. */
export class ChunkLoadError extends Error {
  readonly reason: 'timeout' | 'failed';
  constructor(reason: 'timeout' | 'failed', options?: { cause?: unknown }) {
    super(
      reason === 'timeout'
        ? `Page chunk not loaded within ${CHUNK_LOAD_TIMEOUT_MS} ms`
        : 'Page chunk failed to load',
      options,
    );
    this.name = 'ChunkLoadError';
    this.reason = reason;
  }
}

type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface LazyPageOptions {
  /** Minimum wait before the page shows (100 ms), so the animation does not flash. */
  minDelayMs?: number;
  /** Give up after this long (120 s). */
  timeoutMs?: number;
  /** The loading animation: `simple` inside the layout, `fullScreen` on public pages. */
  loading?: LoadingVariant;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Loads a page module in no less than minDelayMs, failing with a ChunkLoadError after timeoutMs. */
export function loadPage(
  loader: PageLoader,
  { minDelayMs = LAZY_PAGE_MIN_DELAY_MS, timeoutMs = CHUNK_LOAD_TIMEOUT_MS }: LazyPageOptions = {},
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
  });
  const load = loader().catch((error: unknown) => {
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError('failed', { cause: error });
  });
  return Promise.all([Promise.race([load, timeout]), wait(minDelayMs)])
    .then(([module]) => module)
    .finally(() => clearTimeout(timer));
}

function ChunkLoadFailure({ reason, onRetry }: { reason: ChunkLoadError['reason']; onRetry: () => void }) {
  const translate = useMessages();
  return (
    <Box sx={{ p: 3, maxWidth: 640 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('app.chunk.retry')}
          </Button>
        }
      >
        <AlertTitle>
          {translate(reason === 'timeout' ? 'app.chunk.timeout_title' : 'app.chunk.failed_title')}
        </AlertTitle>
        {translate(reason === 'timeout' ? 'app.chunk.timeout' : 'app.chunk.failed')}
      </Alert>
    </Box>
  );
}

/** A lazily loaded page, with `preload` to start loading its code before it renders. */
export type LazyPageComponent = ComponentType & { preload: () => Promise<void> };

/**
 * A lazily loaded page: the loading animation for at least 100 ms from the start of the load,
 * and after 120 s without the page's code an Italian error with a retry button (a retry loads the
 * code again). `preload()` starts the load early (the first screen's code beside the back office's,
 * a menu entry's before its click); a page whose code has arrived renders at once, with no
 * animation and no wait.
 *
 * Not React's `lazy` and `<Suspense>`: React holds the reveal of a suspended boundary's content
 * until 300 ms after its fallback showed, so a screen whose code arrived in 100 ms waited another
 * 200 ms, idle, before it rendered and asked for its rows. Here the page shows when its code
 * arrives. A failure other than the code's load is not caught: it reaches the layout's error page.
 */
export function lazyPage(loader: PageLoader, options: LazyPageOptions = {}): LazyPageComponent {
  let loading: Promise<PageModule> | undefined;
  let loaded: ComponentType | undefined;
  const start = () =>
    (loading ??= loadPage(loader, options).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function LazyPage() {
    // Chosen once per mount when the code is there, so that the page is never remounted.
    const [state, setState] = useState<{ Page?: ComponentType; error?: ChunkLoadError }>(() => ({
      Page: loaded,
    }));
    const [attempt, setAttempt] = useState(0);
    const waiting = !state.Page && !state.error;
    useEffect(() => {
      if (!waiting) return;
      let mounted = true;
      start().then(
        (module) => mounted && setState({ Page: module.default }),
        (error: unknown) => {
          if (!mounted) return;
          if (error instanceof ChunkLoadError) {
            console.error(error);
            setState({ error });
          } else
            setState(() => {
              throw error;
            });
        },
      );
      return () => {
        mounted = false;
      };
    }, [waiting, attempt]);
    if (state.error) {
      return (
        <ChunkLoadFailure
          reason={state.error.reason}
          onRetry={() => {
            setState({});
            setAttempt((n) => n + 1);
          }}
        />
      );
    }
    if (!state.Page) return <LoadingAnimation variant={options.loading ?? 'simple'} />;
    const Page = state.Page;
    return <Page />;
  }
  /** Starts the load (once); settles when the code has arrived or failed, never rejects. */
  LazyPage.preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return LazyPage;
}
