import { TextInput } from '@mantine/core';
import { COVER_OPTIONS } from '@portal/contracts/orders';
import type { Path } from 'react-hook-form';
import { fieldProps } from '../../../lib/form.ts';
import type { FormValues } from '../lib/form-values.ts';
import { CountInput } from './count-input.tsx';
import { FileUploadField } from './file-upload-field.tsx';
import { Choices, type FilesProps, Section, type SectionProps, YES_NO } from './form-section.tsx';

/** What each planner comes with: custom pages, vinyl pockets and its cover, each priced per planner. */
export function PlannerOptionsSections({
  form,
  shape,
  price,
  orderKey,
  editable,
  files,
  setFilesOf,
}: SectionProps & FilesProps) {
  const field = (name: Path<FormValues>) => fieldProps(form, name);
  return (
    <>
      <Section title="Custom pages" id="custom-pages">
        <Choices
          control={form.control}
          name="cust_pages"
          label="Add custom pages to your planners?"
          options={YES_NO}
          required={shape.plannersOrdered}
          description={`${price('custPagePrice')} per printed side, per planner.`}
        />
        {shape.cust_pages === '1' && (
          <>
            <CountInput label="Number of custom pages (printed sides)" required {...field('nocust_pages')} />
            <FileUploadField
              label="Custom pages artwork"
              description="You can also send it later; we will not print until you approve a proof."
              orderKey={orderKey}
              fileType="custom_pages"
              files={files.custom_pages ?? []}
              onChange={setFilesOf('custom_pages')}
              disabled={!editable}
            />
          </>
        )}
      </Section>

      <Section title="Vinyl pockets" id="vinyl-pockets">
        <Choices
          control={form.control}
          name="vinyl_pockets"
          label="Add vinyl pockets?"
          options={YES_NO}
          required={shape.plannersOrdered}
          description={`${price('vinylPrice')} per pocket, per planner.`}
        />
        {shape.vinyl_pockets === '1' && (
          <CountInput label="Number of vinyl pockets per planner" required {...field('novinyl_pockets')} />
        )}
      </Section>

      <Section title="Cover" id="cover">
        <Choices
          control={form.control}
          name="cover_optn"
          label="Cover option"
          options={Object.entries(COVER_OPTIONS).map(([value, label]) => ({
            value,
            label,
            description: `${price(`coverPrice_${value}`)} per planner`,
          }))}
          required={shape.plannersOrdered}
        />
        {shape.cover_optn === '2' && (
          <TextInput
            label="School name as it should appear on the cover"
            required
            maxLength={200}
            {...field('cover_optn_school_name')}
          />
        )}
        {shape.cover_optn === '3' && (
          <FileUploadField
            label="Cover artwork"
            orderKey={orderKey}
            fileType="cover_optn"
            files={files.cover_optn ?? []}
            onChange={setFilesOf('cover_optn')}
            disabled={!editable}
          />
        )}
      </Section>
    </>
  );
}
