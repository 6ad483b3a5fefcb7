import { formatMoney } from '@portal/contracts/money';
import { escapeHtml } from '../mail/layout.ts';
import type { CardForm } from './test-card.ts';
import type { TestSession } from './test-gateway.ts';

/** Inline styles only: the document policy allows them, and no script runs on this page. */
const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#212529;background:#f1f3f5;margin:0;padding:24px 16px;line-height:1.5}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin:0 0 4px}.note{color:#495057;font-size:.9rem;margin:0 0 16px}
.amount{font-size:1.6rem;font-weight:700;margin:0}.what{margin:0 0 20px;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:12px 0 4px}
input{box-sizing:border-box;width:100%;font:inherit;padding:10px;border:1px solid #868e96;border-radius:6px}
input[aria-invalid=true]{border-color:#c92a2a}.row{display:flex;gap:12px}.row>div{flex:1}
.error{color:#c92a2a;margin:4px 0 0;font-size:.9rem}
button{margin-top:20px;width:100%;font:inherit;font-weight:700;padding:12px;border:0;border-radius:6px;background:#1971c2;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #f08c00;outline-offset:2px}
.cancel{display:block;text-align:center;margin-top:16px;color:#1864ab}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
${body}
</main></body></html>`;
}

const FIELDS: { name: keyof CardForm; label: string; autocomplete: string; numeric?: boolean; hint?: string }[] = [
  { name: 'card_number', label: 'Card number', autocomplete: 'cc-number', numeric: true },
  { name: 'expiry', label: 'Expiry', autocomplete: 'cc-exp', numeric: true, hint: 'MM/YY' },
  { name: 'cvc', label: 'CVC', autocomplete: 'cc-csc', numeric: true },
  { name: 'name', label: 'Name on card', autocomplete: 'cc-name' },
];

function field(f: (typeof FIELDS)[number], value: string, error: string | undefined): string {
  const id = `f-${f.name}`;
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  const placeholder = f.hint ? ` placeholder="${f.hint}"` : '';
  const numeric = f.numeric ? ' inputmode="numeric"' : '';
  return `<div><label for="${id}">${f.label}</label>
<input id="${id}" name="${f.name}" autocomplete="${f.autocomplete}" value="${escapeHtml(value)}" required${numeric}${placeholder}${described}>
${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}</div>`;
}

/** The payment form of an open session, with the payer's answers and a message per field when refused. */
export function paymentFormPage(
  session: TestSession,
  formToken: string,
  values: Partial<CardForm> = {},
  errors: Partial<Record<keyof CardForm, string>> = {},
): string {
  const amount = formatMoney(session.amount_cents);
  const [number, expiry, cvc, name] = FIELDS.map((f) => field(f, values[f.name] ?? '', errors[f.name]));
  const refused = Object.keys(errors).length > 0;
  return page(
    `${refused ? 'Check your card details – ' : ''}Pay ${amount}`,
    `<h1>Test payment</h1>
<p class="note">The built-in test gateway: no real card is charged. Card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.</p>
<p class="amount">${amount}</p>
<p class="what">${escapeHtml(session.description)}</p>
${refused ? '<p class="error" role="alert">Please check the fields marked below.</p>' : ''}
<form method="post" action="/pay/test/${encodeURIComponent(session.id)}" novalidate>
<input type="hidden" name="form_token" value="${escapeHtml(formToken)}">
${number}
<div class="row">${expiry}${cvc}</div>
${name}
<button type="submit">Pay ${amount}</button>
</form>
<a class="cancel" href="${escapeHtml(session.cancel_url)}">Cancel and return</a>`,
  );
}

/** A session that can no longer be paid: already paid, or declined or closed. */
export function sessionClosedPage(session: TestSession): string {
  if (session.status === 'paid') {
    return page(
      'Already paid',
      `<h1>Already paid</h1>
<p>This payment of ${formatMoney(session.amount_cents)} has already been made.</p>
<p><a href="${escapeHtml(session.success_url)}">Continue to your order</a></p>`,
    );
  }
  return page(
    'Payment closed',
    `<h1>This payment can no longer be made</h1>
<p>It was ${session.status === 'declined' ? 'declined' : 'closed'}. Please start a new payment from your order.</p>
<p><a href="${escapeHtml(session.cancel_url)}">Return to your order</a></p>`,
  );
}

export function notFoundPage(): string {
  return page('Payment not found', '<h1>Payment not found</h1><p>This payment page does not exist.</p>');
}

export function refusedPage(): string {
  return page(
    'Payment refused',
    '<h1>Payment refused</h1><p>This form was not sent from its payment page. Please open the payment page again.</p>',
  );
}
