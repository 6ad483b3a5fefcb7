import { OrderInvoicesCard } from '../../../components/order-view/order-invoices-card.tsx';
import { api } from '../../../lib/api-client.ts';
import { useOrderInvoices } from '../api/school-order-calls.ts';

/** The order's invoices and credit notes as they were issued, each to download; nothing while there are none. */
export function SchoolOrderInvoices({ orderKey }: { orderKey: string }) {
  const invoices = useOrderInvoices(orderKey);
  const list = invoices.data?.invoices ?? [];
  if (list.length === 0) return null;
  return (
    <OrderInvoicesCard
      invoices={list}
      onDownload={(invoice) =>
        void api.download(
          `/api/orderinvoicefile?order_key=${encodeURIComponent(orderKey)}&number=${invoice.number}`,
          `${invoice.kind === 'credit-note' ? 'credit-note' : 'invoice'}-${invoice.label}.pdf`,
        )
      }
    />
  );
}
