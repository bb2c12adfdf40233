// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

/** The messages of the link rule for a screen's text, linted as if it were at `file`. */
async function bareLinks(text: string, file = 'src/resources/example/ExamplePage.tsx'): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'local/themed-links').map((m) => m.message);
}

describe("links are the theme's (ESLint local/themed-links)", () => {
  it('a bare react-router Link, under any local name, fails', async () => {
    expect(await bareLinks("import { Link } from 'react-router-dom';\nexport const A = () => <Link to=\"/orders\">Ordini</Link>;\n")).toHaveLength(1);
    expect(await bareLinks("import { Link as RouterLink } from 'react-router-dom';\nexport const A = () => <RouterLink to=\"/orders\">Ordini</RouterLink>;\n")).toHaveLength(1);
  });

  it("react-admin's Link and MUI's Link over the router pass", async () => {
    expect(await bareLinks("import { Link } from 'react-admin';\nexport const A = () => <Link to=\"/orders\">Ordini</Link>;\n")).toEqual([]);
    expect(
      await bareLinks(
        "import { Link as MuiLink } from '@mui/material';\nimport { Link as RouterLink } from 'react-router-dom';\nexport const A = () => <MuiLink component={RouterLink} to=\"/orders\">Ordini</MuiLink>;\n",
      ),
    ).toEqual([]);
  });
}, 60_000);
