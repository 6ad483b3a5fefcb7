import { Paper, Stack, Text, Title } from '@mantine/core';
import { FORM_FILE_TYPES, type FormFileType, type TOrderFileEntry } from '@portal/contracts/orders';
import type { TOrderDetailsResponse } from '@portal/contracts/school-orders';
import { FileDownloadLink } from '../file-download-link.tsx';

const FILE_HEADINGS: Record<FormFileType, string> = {
  custom_pages: 'Custom pages',
  cover_optn: 'Cover artwork',
  fss_car_mag: 'Car magnet artwork',
  fhomework_folders: 'Homework folder artwork',
  po_document: 'Purchase order',
};

/** The files uploaded with the order, by kind, each a download. */
export function OrderFilesCard({ files }: { files: TOrderDetailsResponse['files'] }) {
  const kinds = FORM_FILE_TYPES.filter((type) => files[type].length > 0);
  if (kinds.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4" mb="sm">
        Uploaded files
      </Title>
      <Stack gap="md">
        {kinds.map((type) => (
          <div key={type}>
            <Text fw={600} size="sm" mb={4}>
              {FILE_HEADINGS[type]}
            </Text>
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {files[type].map((file: TOrderFileEntry) => (
                <li key={file.file_path_raw}>
                  <FileDownloadLink file={file} />
                </li>
              ))}
            </Stack>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
