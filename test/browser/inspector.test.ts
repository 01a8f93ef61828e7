// End-to-end: the request inspector at /__inspect lists a request live (server-sent events) and shows
// its document and response when clicked, in Chromium.
import { expect, it } from '@jest/globals';
import { describeWithChromium, useServerAndBrowser } from './chromium.js';

const QUERY = 'query InspectMe { regionalSettings { locale { code } } }';

describeWithChromium('request inspector in a browser', () => {
  const running = useServerAndBrowser();

  it('is linked from the home page', async () => {
    const page = await running.browser().newPage();
    try {
      await page.goto(`${running.server().url}/`);
      await page.getByRole('link', { name: 'Request inspector' }).click();
      await page.waitForURL(`${running.server().url}/__inspect`);
      expect(await page.title()).toContain('request inspector');
    } finally {
      await page.close();
    }
  });

  it('shows a query as it arrives, and its document and response when opened', async () => {
    const page = await running.browser().newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    try {
      await page.goto(`${running.server().url}/__inspect`);
      // The default admin token is preset; the page connects to the live stream by itself.
      await page.locator('#state', { hasText: 'live' }).waitFor({ timeout: 10_000 });

      const res = await running.server().gql(QUERY, {}, { region: 'eu', version: '1.2.0' });
      expect(res.status).toBe(200);
      const row = page.locator('#requests tbody tr', { hasText: 'InspectMe' });
      await row.waitFor({ timeout: 10_000 });
      expect(await row.innerText()).toMatch(/dev-firm\s+eu · 1\.2\.0\s+query InspectMe\s+200/);

      // A filter that does not match hides it; clearing the filter shows it again.
      await page.locator('#f-status').selectOption('4xx');
      await row.waitFor({ state: 'detached' });
      await page.locator('#f-status').selectOption('');
      await row.waitFor();

      await row.click();
      const detail = page.locator('#detail');
      await detail.locator('#d-document', { hasText: 'InspectMe' }).waitFor({ timeout: 10_000 });
      expect(await detail.locator('#d-document').innerText()).toBe(QUERY);
      const response = JSON.parse(await detail.locator('#d-response').innerText()) as unknown;
      expect(response).toEqual({ data: res.data });
      expect(await detail.locator('#d-summary').innerText()).toMatch(/status\s+200/);
      expect(await detail.locator('#d-events').innerText()).toBe('(none)');

      // A write: its row opens on the change event it recorded.
      const added = await running
        .server()
        .gql<{ addPerson: { item: { id: string } } }>(
          'mutation Inspected { addPerson(input: { firstName: "Ina", lastName: "Spector" }) { item { id } } }',
        );
      const id = added.data!.addPerson.item.id;
      await page.locator('#requests tbody tr', { hasText: 'Inspected' }).click();
      await detail.locator('#d-events', { hasText: id }).waitFor({ timeout: 10_000 });
      expect(await detail.locator('#d-events').innerText()).toContain('"ContactCreated"');
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('refuses the live stream to a wrong admin token', async () => {
    const page = await running.browser().newPage();
    try {
      await page.goto(`${running.server().url}/__inspect`);
      await page.locator('#token').fill('not-the-admin-token');
      await page.locator('#connect button').click();
      await page.locator('#state', { hasText: 'refused' }).waitFor({ timeout: 10_000 });
      expect(await page.locator('#requests tbody tr').count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
