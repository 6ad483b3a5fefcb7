import '../../../styles/mantine-forms.css';
import '../../../styles/mantine-back-office.css';
import { AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { STAFF_ROLE_LABELS } from '@portal/contracts/admin';
import { lazy, Suspense } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { useLogout } from '../../../lib/use-logout.ts';
import { useStaffMe } from '../api/admin-calls.ts';
import { backOfficePath, sectionsFor } from '../sections.ts';

const Overview = lazy(() => import('../overview/overview-screen.tsx'));
const AuditLog = lazy(() => import('../audit-log/audit-log-screen.tsx'));
const Orders = lazy(() => import('../orders/orders-screen.tsx'));
const Order = lazy(() => import('../orders/order-screen.tsx'));
const Sponsors = lazy(() => import('../sponsors/sponsors-screen.tsx'));
const Enquiries = lazy(() => import('../enquiries/enquiries-screen.tsx'));
const Requests = lazy(() => import('../requests/requests-screen.tsx'));
const Sponsorships = lazy(() => import('../sponsorships/sponsorships-list-screen.tsx'));
const SponsorshipNew = lazy(() => import('../sponsorships/sponsorship-new-screen.tsx'));
const SponsorshipDetail = lazy(() => import('../sponsorships/sponsorship-detail-screen.tsx'));
const ContentPages = lazy(() => import('../content/content-pages-screen.tsx'));
const Testimonials = lazy(() => import('../content/testimonials-screen.tsx'));
const Faqs = lazy(() => import('../content/faqs-screen.tsx'));
const SiteSettings = lazy(() => import('../content/settings-screen.tsx'));
const Schools = lazy(() => import('../schools/schools-screen.tsx'));
const CostSheets = lazy(() => import('../cost-sheets/cost-sheets-screen.tsx'));
const Categories = lazy(() => import('../catalogue/categories-screen.tsx'));
const Products = lazy(() => import('../catalogue/products-screen.tsx'));
const MoneyOwed = lazy(() => import('../money-owed/money-owed-screen.tsx'));
const Staff = lazy(() => import('../staff/staff-screen.tsx'));

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
            {staff.role === 'admin' && <Route path="staff" element={<Staff myUserId={staff.user_id} />} />}
            <Route path="*" element={<Navigate to={backOfficePath('')} replace />} />
          </Routes>
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
