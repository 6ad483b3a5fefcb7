import '../../../styles/mantine-accordion.css';
import { Accordion, Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { routePath } from '@portal/contracts/routes';
import { IconCreditCard, IconHelpCircle, IconPackage, IconTruckDelivery, IconUserCircle } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AccountLayout, type SidebarLink } from '../../../components/account-layout.tsx';
import { type DashboardTile, DashboardTiles } from '../../../components/dashboard-tiles.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { ServerHtml } from '../../../components/server-html.tsx';
import { SupportContacts } from '../../../components/support-contacts.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { useFaqCategories, useFaqs } from '../api/support-calls.ts';

const ICONS: Record<string, DashboardTile['icon']> = {
  account: IconUserCircle,
  payment: IconCreditCard,
  delivery: IconTruckDelivery,
  product: IconPackage,
};

/**
 * Help and Support (spec §2): the topics as tiles (Account, Payment, Delivery, Product),
 * the chosen topic's answers below (`?topic=payment`), and how to reach the team. The
 * sidebar is the school's or the sponsor's.
 */
export function HelpCenter({ sidebar }: { sidebar: SidebarLink[] }) {
  usePageMeta({ title: 'Help and Support' });
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const categories = useFaqCategories();
  const list = categories.data?.categories ?? [];
  const topic = list.find((c) => c.slug === params.get('topic')) ?? list[0];
  const answers = useFaqs(topic?.slug);
  const tiles: DashboardTile[] = list.map((c) => ({
    title: c.name,
    description: c.description,
    to: `${pathname}?topic=${c.slug}`,
    icon: ICONS[c.slug] ?? IconHelpCircle,
  }));

  return (
    <AccountLayout
      title="Help and Support"
      description="Answers to the questions we are asked most. Choose a topic."
      links={sidebar}
    >
      {categories.isError ? (
        <LoadError message={categories.error.message} onRetry={() => void categories.refetch()} />
      ) : categories.isPending ? (
        <Skeleton height={120} radius="lg" />
      ) : (
        <nav aria-label="Help topics">
          <DashboardTiles
            tiles={tiles}
            cols={{ base: 1, xs: 2 }}
            current={topic ? `${pathname}?topic=${topic.slug}` : undefined}
          />
        </nav>
      )}

      {topic && (
        <section aria-labelledby="help-topic">
          <Title order={2} size="h3" id="help-topic" mb="sm">
            {topic.name}
          </Title>
          {answers.isError ? (
            <LoadError message={answers.error.message} onRetry={() => void answers.refetch()} />
          ) : !answers.data ? (
            <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading answers">
              <Skeleton height={52} radius="md" />
              <Skeleton height={52} radius="md" />
              <Skeleton height={52} radius="md" />
            </Stack>
          ) : (
            <Accordion variant="separated" radius="md" chevronPosition="right">
              {answers.data.faqs.map((faq) => (
                <Accordion.Item key={faq.id} value={String(faq.id)}>
                  <Accordion.Control>
                    <Text fw={600}>{faq.question}</Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <ServerHtml html={faq.answer} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </section>
      )}

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} size="h4" mb="xs">
          Still need help?
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          Write to us through the{' '}
          <Anchor component={Link} to={routePath('contact')} underline="always">
            contact form
          </Anchor>
          , or reach our team directly:
        </Text>
        <SupportContacts />
      </Paper>
    </AccountLayout>
  );
}
