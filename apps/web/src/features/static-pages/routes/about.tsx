import { Button, Container, Grid, Image, List, Stack, Text, Title } from '@mantine/core';
import { CONTENT_PAGE } from '@portal/contracts/constants';
import { Link } from 'react-router';
import { ServerHtml } from '../../../components/server-html.tsx';
import { useContentPage, usePageMeta } from '../../../lib/content.ts';

export default function About() {
  usePageMeta({ pageId: CONTENT_PAGE.about });
  // The text staff wrote in the back office, when they have; otherwise the page's own.
  const body = useContentPage(CONTENT_PAGE.about).data?.body_html;
  return (
    <Container size="lg" py={48}>
      <Grid gap={48} align="center">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md" className="prose">
            <Title order={1}>About Us</Title>
            {body ? (
              <ServerHtml html={body} />
            ) : (
              <>
                <Text size="lg">
                  For about two decades we have helped schools put a planner in every student’s hands, without
                  stretching their budgets. The idea was piloted in 2003 with a handful of Tampa Bay schools and a few
                  neighborhood businesses who believed that organized students do better in class.
                </Text>
                <Text>
                  It works simply. Local businesses sponsor the school supplies that students use every day — student
                  planners, car rider dismissal tags, homework folders and backpack and bus tags. In return, their
                  message reaches the families they serve, in a book that stays in the backpack all year. Schools
                  receive the supplies at a deep discount, and many items are free.
                </Text>
                <Text>
                  Our Tampa team designs and prints every planner, lays out the custom pages each school sends us, and
                  delivers in time for the first day of school. Sponsors work with one sales representative from the
                  first call to the final proof.
                </Text>
                <Title order={2} size="h3">
                  What schools get
                </Title>
                <List spacing="xs">
                  <List.Item>Student planners with your calendar, policies and school name on the cover.</List.Item>
                  <List.Item>Free sponsored dismissal tags and homework folders, in the quantities you need.</List.Item>
                  <List.Item>Live pricing when you reserve, and invoices after delivery when you prefer.</List.Item>
                </List>
              </>
            )}
            <Stack gap="xs" mt="md" style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
              <Button component={Link} to="/school/register">
                Register your school
              </Button>
              <Button component={Link} to="/sponsor/register" variant="light">
                Become a sponsor
              </Button>
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Image
            src="/images/about.png"
            alt="Students at their desks writing in their school planners"
            radius="lg"
            w="100%"
            h="auto"
            width={600}
            height={600}
          />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
