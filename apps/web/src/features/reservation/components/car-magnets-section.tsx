import { MAGNET_PACKS } from '@portal/contracts/orders';
import { FileUploadField } from './file-upload-field.tsx';
import { Choices, type FilesProps, Section, type SectionProps, YES_NO } from './form-section.tsx';

/** Car magnets, a pack priced once; choosing them offers the free products' terms. */
export function CarMagnetsSection({
  form,
  shape,
  price,
  orderKey,
  editable,
  files,
  setFilesOf,
  offerFreeTerms,
}: SectionProps & FilesProps & { offerFreeTerms: () => void }) {
  return (
    <Section title="Car magnets" id="car-magnets">
      <Choices
        control={form.control}
        name="ss_car_mag_add"
        label="Add car magnets?"
        options={YES_NO}
        required={shape.plannersOrdered}
        onPick={(value) => {
          if (value === '1') offerFreeTerms();
        }}
      />
      {shape.ss_car_mag_add === '1' && (
        <>
          <Choices
            control={form.control}
            name="ss_car_mag"
            label="How many car magnets?"
            options={MAGNET_PACKS.map((n) => ({
              value: String(n),
              label: `${n.toLocaleString('en-US')} magnets`,
              description: price(`carMagnetPrice_${n}`),
            }))}
            required
          />
          <FileUploadField
            label="Car magnet artwork"
            orderKey={orderKey}
            fileType="fss_car_mag"
            files={files.fss_car_mag ?? []}
            onChange={setFilesOf('fss_car_mag')}
            disabled={!editable}
          />
        </>
      )}
    </Section>
  );
}
