// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

/** The messages of the comment rule for a file's text, linted as if it were at `file`. */
async function pointers(text: string, file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'local/no-outside-pointers').map((m) => m.message);
}

describe('comments say the rule itself (ESLint local/no-outside-pointers)', () => {
  it('a comment pointing at a numbered section or at an issue fails', async () => {
    const section = ['/', '/ see spec ', '§', '8'].join('');
    const issue = ['/* as asked in ', 'issue', ' 13 */'].join('');
    expect(await pointers(`${section}\nexport const a = 1;\n`, 'src/ui/example.ts')).toHaveLength(1);
    expect(await pointers(`${issue}\nexport const a = 1;\n`, 'scripts/example.mjs')).toHaveLength(1);
  });

  it('covers the data providers, the service clients and the sandbox server too', async () => {
    const section = ['/', '/ see spec ', '§', '7', '\nexport const a = 1;\n'].join('');
    for (const file of ['src/dataProviders/shares.ts', 'src/api/share.ts', 'src/api/systemCodes.ts', 'sandbox/server.ts', 'sandbox/services/user/index.ts']) {
      expect(await pointers(section, file), file).toHaveLength(1);
    }
  });

  it('a comment that says the rule passes, and code is not a comment', async () => {
    expect(await pointers('// A 409 resolves with the body plus statusCode 409.\nexport const issue = 13;\n', 'src/ui/example.ts')).toEqual([]);
  });
}, 60_000);
