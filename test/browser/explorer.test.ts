// End-to-end: the GraphiQL explorer of a revision runs a typed query against the simulator in Chromium.
import { expect, it } from '@jest/globals';
import { describeWithChromium, useServerAndBrowser } from './chromium.js';

const QUERY = '{ regionalSettings { locale { code } } }';

describeWithChromium('explorer in a browser', () => {
  const running = useServerAndBrowser();

  it('runs a query typed into GraphiQL and shows the US locale', async () => {
    const page = await running.browser().newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    try {
      await page.goto(`${running.server().url}/us/1.2.0/public-api/graphql`);
      const editor = page.locator('.graphiql-query-editor .CodeMirror');
      await editor.waitFor({ timeout: 10_000 });

      // Replace the default query as a user would: click, select all, type.
      await editor.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
      // insertText types the query in one input event, so the editor's bracket auto-closing adds nothing.
      await page.keyboard.insertText(QUERY);
      expect((await editor.innerText()).replace(/\s+/g, ' ')).toContain(QUERY);

      await page.locator('.graphiql-execute-button').click();
      const response = page.locator('.graphiql-response', { hasText: '"en-US"' });
      await response.waitFor({ timeout: 10_000 });
      const text = await response.innerText();
      expect(text).toContain('"locale"');
      expect(text).toContain('"en-US"');
      expect(text).not.toContain('"errors"');
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
