import type { TOrderInvoicesResponse } from '@portal/contracts/invoices';
import { useQuery } from '@tanstack/react-query';
import { OrderInvoicesCard } from '../../../components/order-view/order-invoices-card.tsx';
import { api } from '../../../lib/api-client.ts';

/** The order's invoices and credit notes as they were issued, each to download; nothing while there are none. */
export function SchoolOrderInvoices({ orderKey }: { orderKey: string }) {
  const invoices = useQuery({
    queryKey: ['account', 'school', 'order-invoices', orderKey],
    queryFn: ({ signal }) => api.get<TOrderInvoicesResponse>('orderinvoices', { order_key: orderKey }, { signal }),
  });
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
