import { useState } from 'preact/hooks';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { useAction, useQuery, useSession } from '../api/hooks';
import { ConfirmButton } from '../components/confirm-button';
import { Notice, useNotice } from '../components/notice';
import { Field, FormErrors, Problem } from '../components/problem';
import { TableScroll } from '../components/table-scroll';
import { learnCurrencies } from '../format/money';
import { mayCall } from '../api/session';

const CurrenciesList = graphql(`query CurrenciesList { currencies(limit: 1000) { code exponent enabled } }`);
const CurrenciesCreate = graphql(`mutation CurrenciesCreate ($input: CurrencyCreateInput!) { createCurrency(input: $input) { code } }`);
const CurrenciesUpdate = graphql(`mutation CurrenciesUpdate ($code: String!, $input: CurrencyUpdateInput!) { updateCurrency(code: $code, input: $input) { code enabled } }`);

/**
 * The currencies money may move in (SPEC §1.11): ISO 4217's, and those admins add. A disabled one
 * refuses new bets and top-ups; its balances stay and its open rounds still settle.
 */
export function CurrenciesPage() {
  const admin = mayCall(useSession()?.user.role, 'POST /api/currencies');
  const list = useQuery(CurrenciesList);
  const [filter, setFilter] = useState('');
  const toggle = useAction((code: string, enabled: boolean) => request(CurrenciesUpdate, { code, input: { enabled } }));
  const notice = useNotice();
  const currencies = list.data?.currencies ?? [];
  const shown = currencies.filter((c) => c.code.includes(filter.trim().toUpperCase()));
  const reload = () => list.reload();
  if (list.data) learnCurrencies(currencies);
  return (
    <>
      <h1>Currencies</h1>
      <p class="muted">Amounts show with each currency's exponent (its decimal places). A disabled currency refuses new bets and top-ups; its balances stay and its open rounds still settle.</p>
      {admin && <NewCurrency onDone={(code) => { notice.show(`Currency ${code} added.`); reload(); }} />}
      <Notice notice={notice} />
      <label>
        Find a code
        <input type="search" value={filter} onInput={(e) => setFilter(e.currentTarget.value)} />
      </label>
      <Problem error={list.error ?? toggle.error} />
      <TableScroll label="Currencies">
        <table data-testid="currencies">
          <thead><tr><th>Code</th><th>Decimal places</th><th>State</th>{admin && <th>Change</th>}</tr></thead>
          <tbody>
            {shown.map((c) => (
              <tr key={c.code}>
                <td>{c.code}</td><td>{c.exponent}</td><td>{c.enabled ? 'enabled' : 'disabled'}</td>
                {admin && (
                  <td>
                    {c.enabled ? (
                      <ConfirmButton label="Disable" accessibleName={`Disable ${c.code}`} question={`Disable ${c.code}?`}
                        consequence={`Every new bet and top-up in ${c.code} is refused from now on, on every engine process. Balances in ${c.code} stay, open rounds still settle, and enabling it again lifts the refusal.`}
                        confirmLabel={`Disable ${c.code}`} action={{ ...toggle, run: () => toggle.run(c.code, false) }}
                        onDone={() => { notice.show(`${c.code} disabled.`); reload(); }} />
                    ) : (
                      <button type="button" class="outline" disabled={toggle.busy} aria-label={`Enable ${c.code}`}
                        onClick={async () => {
                          if (await toggle.run(c.code, true)) {
                            notice.show(`${c.code} enabled.`);
                            reload();
                          }
                        }}>Enable</button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {list.data && <p class="muted">{shown.length} of {currencies.length} currencies</p>}
    </>
  );
}

function NewCurrency({ onDone }: { onDone: (code: string) => void }) {
  const [code, setCode] = useState('');
  const [exponent, setExponent] = useState('2');
  const create = useAction((input: { code: string; exponent: number }) => request(CurrenciesCreate, { input }));
  return (
    <FormErrors>
      <form noValidate class="row" aria-label="Add a currency" onSubmit={async (event) => {
        event.preventDefault();
        const input = { code: code.trim().toUpperCase(), exponent: Number(exponent) };
        if (await create.run(input)) {
          setCode('');
          onDone(input.code);
        }
      }}>
        <Field label="Code" path="code" error={create.error} hint="3 capital letters, e.g. XGC.">
          <input name="code" maxLength={3} value={code} onInput={(e) => setCode(e.currentTarget.value)} />
        </Field>
        <Field label="Decimal places" path="exponent" error={create.error}>
          <input name="exponent" type="number" min={0} max={8} value={exponent} onInput={(e) => setExponent(e.currentTarget.value)} />
        </Field>
        <button type="submit" disabled={create.busy}>Add currency</button>
      </form>
      <Problem error={create.error} />
    </FormErrors>
  );
}
