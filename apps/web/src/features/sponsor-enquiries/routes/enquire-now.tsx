import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { CONTENT_PAGE } from '@portal/contracts/constants';
import { routePath } from '@portal/contracts/routes';
import { Navigate, useNavigate, useParams } from 'react-router';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { SupportContacts } from '../../../components/support-contacts.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { useSendEnquiry, useTempEnquiry } from '../api/enquiry-calls.ts';
import { EnquiryForm } from '../components/enquiry-form.tsx';
import { EnquiryProduct } from '../components/enquiry-product.tsx';
import classes from './enquire-now.module.css';

/**
 * enquire-now/{key} (spec §2): the product, the ways to reach us, and the enquiry form
 * prefilled from the sponsor's profile. An enquiry already sent shows its result instead.
 */
export default function EnquireNow() {
  usePageMeta({ pageId: CONTENT_PAGE.orderForm });
  const { key = '' } = useParams();
  const navigate = useNavigate();
  const temp = useTempEnquiry(key);
  const send = useSendEnquiry();
  const data = temp.data;

  if (data?.is_submited === 1) return <Navigate to={routePath('enquiryConfirmed', { key })} replace />;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Paper radius="lg" p={{ base: 'md', sm: 'xl' }} bg="blue.0">
          <Title order={1}>Contact sales representative</Title>
          <Text c="gray.8" mt={4}>
            Tell your sales representative what you would like to sponsor: they answer by e-mail.
          </Text>
        </Paper>
        {temp.isError ? (
          <LoadError message={temp.error.message} onRetry={() => void temp.refetch()} />
        ) : !data ? (
          <FormSkeleton rows={6} />
        ) : (
          <div className={classes.layout}>
            <Paper withBorder radius="lg" p="md" className={classes.product}>
              <Title order={2} size="h4" mb="sm">
                Product
              </Title>
              <EnquiryProduct product={data.product} />
            </Paper>
            <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.form}>
              <EnquiryForm
                defaults={{
                  fullname: data.userinfo.primary_name,
                  email: data.userinfo.primary_email,
                  phone: data.userinfo.primary_phone,
                  company: data.userinfo.business_name,
                }}
                onSubmit={async (values) => {
                  const sent = await send.mutateAsync({ ...values, enq_id: key, send_email: 1 });
                  navigate(routePath('enquiryConfirmed', { key: sent.enq_key }));
                }}
              />
            </Paper>
            <Stack gap="xs" className={classes.contacts}>
              <Title order={2} size="h4">
                Contact information
              </Title>
              <SupportContacts />
            </Stack>
          </div>
        )}
      </Stack>
    </Container>
  );
}
