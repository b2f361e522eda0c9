import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { AccountForm } from './account-form';

const noop = () => Promise.resolve();

describe('AccountForm', () => {
  it("shows the last attempt's failure as an alert above the fields, placed by the extra classes", () => {
    const html = renderToStaticMarkup(
      <AccountForm onSubmit={noop} failure="Gagal masuk." clearFailure={() => {}} className="grid" alertClassName="sm:col-span-2">
        <input id="username" />
      </AccountForm>,
    );
    expect(html).toBe('<form novalidate class="grid"><p role="alert" class="rounded-lg bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">Gagal masuk.</p><input id="username"/></form>');
  });

  it('shows no alert without a failure, and its class has no trailing space without extra classes', () => {
    const field = <input id="email" />;
    expect(
      renderToStaticMarkup(
        <AccountForm onSubmit={noop} failure={undefined} clearFailure={() => {}} className="space-y-4">
          {field}
        </AccountForm>,
      ),
    ).toBe('<form novalidate class="space-y-4"><input id="email"/></form>');
    expect(
      renderToStaticMarkup(
        <AccountForm onSubmit={noop} failure="x" clearFailure={() => {}} className="a">
          {field}
        </AccountForm>,
      ),
    ).toContain('<p role="alert" class="rounded-lg bg-red-50 p-3 text-sm text-red-800">x</p>');
  });
});
