import { Badge, Box, Button, Group, Stack, Textarea } from '@mantine/core';
import { TAG_COLORS, TAG_STYLES, TAG_TYPES } from '@portal/contracts/orders';
import { IconCircleCheck } from '@tabler/icons-react';
import type { Path } from 'react-hook-form';
import { fieldProps } from '../../../lib/form.ts';
import type { FormValues } from '../lib/form-values.ts';
import { CountInput } from './count-input.tsx';
import { FileUploadField } from './file-upload-field.tsx';
import { Choices, type FilesProps, Section, type SectionProps } from './form-section.tsx';
import classes from './reservation.module.css';

interface FreeTermsProps {
  /** The free products' terms are accepted, on this form or before. */
  accepted: boolean;
  /** Offers the terms when a free product is focused, until they are accepted. */
  offerFreeTerms: () => void;
  openFreeTerms: () => void;
}

/** The sponsored items (D10): free, in fixed multiples, on terms the school accepts. */
export function FreeProductsSection({
  form,
  shape,
  orderKey,
  editable,
  files,
  setFilesOf,
  accepted,
  offerFreeTerms,
  openFreeTerms,
}: Omit<SectionProps, 'price'> & FilesProps & FreeTermsProps) {
  const freeCount = (name: Path<FormValues>) => ({ ...fieldProps(form, name), onFocus: () => offerFreeTerms() });
  return (
    <Section
      title="Free products"
      id="free-products"
      description="Paid for by local sponsors. Free products are available to schools that agree to their terms."
    >
      <Group gap="xs">
        {accepted ? (
          <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
            Free products terms accepted
          </Badge>
        ) : (
          <Button variant="light" size="xs" onClick={openFreeTerms}>
            Read and accept the free products terms
          </Button>
        )}
      </Group>
      <CountInput label="Car rider dismissal tags" description="In multiples of 50" {...freeCount('nocar_dismissal')} />
      {Number(shape.nocar_dismissal) > 0 && <TagChoices form={form} shape={shape} />}
      <CountInput label="Homework folders" description="In multiples of 250" {...freeCount('nohomework_folders')} />
      {Number(shape.nohomework_folders) > 0 && (
        <FileUploadField
          label="Homework folder artwork"
          orderKey={orderKey}
          fileType="fhomework_folders"
          files={files.fhomework_folders ?? []}
          onChange={setFilesOf('fhomework_folders')}
          disabled={!editable}
        />
      )}
      <Box className={classes.grid2}>
        <CountInput label="Car rider tags" description="In multiples of 50" {...freeCount('nocar_rider')} />
        <CountInput label="Bus rider tags" description="In multiples of 50" {...freeCount('nobus_rider')} />
        <CountInput label="After school tags" description="In multiples of 50" {...freeCount('noafter_school')} />
        <CountInput label="Walker/biker tags" description="In multiples of 50" {...freeCount('nowalker_biker')} />
      </Box>
    </Section>
  );
}

/** The dismissal tags' style: a Happy Car has a color, a Vertical Hanger a type (spec §5). */
function TagChoices({ form, shape }: Pick<SectionProps, 'form' | 'shape'>) {
  return (
    <Stack gap="sm">
      <Choices
        control={form.control}
        name="style_of_tag"
        label="Style of tag"
        options={TAG_STYLES.map((s) => ({ value: s, label: s }))}
        required
        onPick={(style) => {
          if (style === 'Happy Car') {
            form.setValue('type_of_tag', '');
            form.setValue('type_of_tag_inst', '');
          } else {
            form.setValue('style_of_tag_color', '');
            form.setValue('style_of_tag_inst', '');
          }
        }}
      />
      {shape.style_of_tag === 'Happy Car' && (
        <Choices
          control={form.control}
          name="style_of_tag_color"
          label="Color"
          options={TAG_COLORS.map((c) => ({ value: c, label: c }))}
          required
        />
      )}
      {shape.style_of_tag === 'Happy Car' && shape.style_of_tag_color === 'Special Request' && (
        <Textarea
          label="Describe the color you would like"
          required
          autosize
          minRows={2}
          maxLength={1000}
          {...fieldProps(form, 'style_of_tag_inst')}
        />
      )}
      {shape.style_of_tag === 'Vertical Hangers' && (
        <Choices
          control={form.control}
          name="type_of_tag"
          label="Type of tag"
          options={TAG_TYPES.map((c) => ({ value: c, label: c }))}
          required
        />
      )}
      {shape.style_of_tag === 'Vertical Hangers' && shape.type_of_tag === 'Logo and Prenumbered' && (
        <Textarea
          label="Numbering instructions"
          required
          autosize
          minRows={2}
          maxLength={1000}
          {...fieldProps(form, 'type_of_tag_inst')}
        />
      )}
    </Stack>
  );
}
