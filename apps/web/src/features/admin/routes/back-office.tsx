import '../../../styles/mantine-forms.css';
import '../../../styles/mantine-back-office.css';
import { AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { STAFF_ROLE_LABELS } from '@portal/contracts/admin';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { useLogout } from '../../../lib/use-logout.ts';
import { useStaffMe } from '../api/admin-calls.ts';
import { backOfficePath, sectionsFor } from '../sections.ts';

/** Each screen's code, loaded when it is first opened (or about to be: see preloadScreenFor). */
const screens = {
  overview: () => import('../overview/overview-screen.tsx'),
  auditLog: () => import('../audit-log/audit-log-screen.tsx'),
  orders: () => import('../orders/orders-screen.tsx'),
  order: () => import('../orders/order-screen.tsx'),
  sponsors: () => import('../sponsors/sponsors-screen.tsx'),
  enquiries: () => import('../enquiries/enquiries-screen.tsx'),
  requests: () => import('../requests/requests-screen.tsx'),
  sponsorships: () => import('../sponsorships/sponsorships-list-screen.tsx'),
  sponsorshipNew: () => import('../sponsorships/sponsorship-new-screen.tsx'),
  sponsorshipDetail: () => import('../sponsorships/sponsorship-detail-screen.tsx'),
  contentPages: () => import('../content/content-pages-screen.tsx'),
  testimonials: () => import('../content/testimonials-screen.tsx'),
  faqs: () => import('../content/faqs-screen.tsx'),
  siteSettings: () => import('../content/settings-screen.tsx'),
  schools: () => import('../schools/schools-screen.tsx'),
  costSheets: () => import('../cost-sheets/cost-sheets-screen.tsx'),
  categories: () => import('../catalogue/categories-screen.tsx'),
  products: () => import('../catalogue/products-screen.tsx'),
  moneyOwed: () => import('../money-owed/money-owed-screen.tsx'),
  paymentProblems: () => import('../payment-problems/payment-problems-screen.tsx'),
  staff: () => import('../staff/staff-screen.tsx'),
} as const;

/** The screen an address below the back office opens, by its first one or two segments. */
function screenAt(pathname: string): keyof typeof screens | undefined {
  const [first = '', second] = pathname.slice(backOfficePath('').length).split('/').filter(Boolean);
  if (first === 'orders') return second ? 'order' : 'orders';
  if (first === 'sponsorships')
    return second === 'new' ? 'sponsorshipNew' : second ? 'sponsorshipDetail' : 'sponsorships';
  const bySection: Record<string, keyof typeof screens> = {
    '': 'overview',
    'audit-log': 'auditLog',
    sponsors: 'sponsors',
    enquiries: 'enquiries',
    requests: 'requests',
    pages: 'contentPages',
    testimonials: 'testimonials',
    faqs: 'faqs',
    settings: 'siteSettings',
    schools: 'schools',
    'cost-sheets': 'costSheets',
    categories: 'categories',
    products: 'products',
    'money-owed': 'moneyOwed',
    'payment-problems': 'paymentProblems',
    staff: 'staff',
  };
  return bySection[first];
}

/**
 * Starts loading the code of the screen at `pathname` now, alongside the staff member's
 * details, instead of after them: opened cold, the screen then waits for one round trip,
 * not three in a row. A failure is left for the screen to show when it renders.
 */
function preloadScreenFor(pathname: string): void {
  const screen = screenAt(pathname);
  if (screen) screens[screen]().catch(() => undefined);
}

const Overview = lazy(screens.overview);
const AuditLog = lazy(screens.auditLog);
const Orders = lazy(screens.orders);
const Order = lazy(screens.order);
const Sponsors = lazy(screens.sponsors);
const Enquiries = lazy(screens.enquiries);
const Requests = lazy(screens.requests);
const Sponsorships = lazy(screens.sponsorships);
const SponsorshipNew = lazy(screens.sponsorshipNew);
const SponsorshipDetail = lazy(screens.sponsorshipDetail);
const ContentPages = lazy(screens.contentPages);
const Testimonials = lazy(screens.testimonials);
const Faqs = lazy(screens.faqs);
const SiteSettings = lazy(screens.siteSettings);
const Schools = lazy(screens.schools);
const CostSheets = lazy(screens.costSheets);
const Categories = lazy(screens.categories);
const Products = lazy(screens.products);
const MoneyOwed = lazy(screens.moneyOwed);
const PaymentProblems = lazy(screens.paymentProblems);
const Staff = lazy(screens.staff);

/**
 * The provider's back office (D15): its own frame, menu and screens, loaded only when a
 * staff member opens it. Each section is shown to the roles it is for; the server checks
 * the role again on every call.
 */
export default function BackOffice() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const me = useStaffMe();
  const logout = useLogout();
  const { pathname } = useLocation();
  // Once, on opening, while the staff member's details are on their way.
  useState(() => preloadScreenFor(pathname));

  if (me.isError) {
    return (
      <Stack p="xl" maw={560} mx="auto">
        <LoadError message={me.error.message} onRetry={() => void me.refetch()} />
      </Stack>
    );
  }
  if (!me.data) return <LoadingBar active />;
  const staff = me.data;
  const sections = sectionsFor(staff.role);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
            <Title order={2} size="h4">
              Back Office
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Stack gap={0} align="flex-end" visibleFrom="xs">
              <Text size="sm" fw={600} lineClamp={1}>
                {staff.name}
              </Text>
              <Badge size="xs" variant="light">
                {STAFF_ROLE_LABELS[staff.role]}
              </Badge>
            </Stack>
            <Button variant="default" size="xs" onClick={() => void logout()}>
              Log out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Back office">
        <ScrollArea>
          {sections.map((section) => {
            const to = backOfficePath(section.path);
            // /admin/sponsors is not active on /admin/sponsorships: a section owns its path and what is below it.
            const active =
              pathname === to || pathname === `${to}/` || (!!section.path && pathname.startsWith(`${to}/`));
            return (
              <NavLink
                key={section.path}
                component={Link}
                to={to}
                label={section.label}
                active={active}
                variant="filled"
                onClick={close}
                onPointerEnter={() => preloadScreenFor(to)}
                onFocus={() => preloadScreenFor(to)}
              />
            );
          })}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Suspense fallback={<LoadingBar active />}>
          <Routes>
            <Route index element={<Overview staff={staff} />} />
            {staff.role === 'admin' && <Route path="audit-log" element={<AuditLog />} />}
            {staff.role === 'admin' && <Route path="orders" element={<Orders />} />}
            {staff.role === 'admin' && <Route path="orders/:id" element={<Order />} />}
            <Route path="sponsors/*" element={<Sponsors role={staff.role} />} />
            <Route path="enquiries/*" element={<Enquiries />} />
            {staff.role === 'admin' && <Route path="requests" element={<Requests />} />}
            <Route path="sponsorships" element={<Sponsorships />} />
            <Route path="sponsorships/new" element={<SponsorshipNew />} />
            <Route path="sponsorships/:id" element={<SponsorshipDetail />} />
            {staff.role === 'admin' && <Route path="pages/*" element={<ContentPages />} />}
            {staff.role === 'admin' && <Route path="testimonials/*" element={<Testimonials />} />}
            {staff.role === 'admin' && <Route path="faqs/*" element={<Faqs />} />}
            {staff.role === 'admin' && <Route path="settings" element={<SiteSettings />} />}
            <Route path="schools/*" element={<Schools role={staff.role} />} />
            <Route path="cost-sheets/*" element={<CostSheets role={staff.role} />} />
            <Route path="categories/*" element={<Categories role={staff.role} />} />
            <Route path="products/*" element={<Products role={staff.role} />} />
            <Route path="money-owed" element={<MoneyOwed role={staff.role} />} />
            {staff.role === 'admin' && <Route path="payment-problems" element={<PaymentProblems />} />}
            {staff.role === 'admin' && <Route path="staff" element={<Staff myUserId={staff.user_id} />} />}
            <Route path="*" element={<Navigate to={backOfficePath('')} replace />} />
          </Routes>
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
