import { Checkbox, Textarea } from '@mantine/core';
import { DELIVERY_OPTIONS } from '@portal/contracts/orders';
import { fieldProps } from '../../../lib/form.ts';
import { Choices, Section, type SectionProps } from './form-section.tsx';

/** How the order reaches the school, and anything it would like done differently. */
export function DeliverySections({ form, shape, price }: Pick<SectionProps, 'form' | 'shape' | 'price'>) {
  return (
    <>
      <Section title="Delivery" id="delivery">
        <Choices
          control={form.control}
          name="delivery_optn"
          label="How should we deliver?"
          options={[
            { value: '1', label: DELIVERY_OPTIONS[1], description: `${price('deliveryPrice_1')} per order` },
            { value: '2', label: DELIVERY_OPTIONS[2], description: `${price('deliveryPrice_2')} per planner` },
            { value: '3', label: DELIVERY_OPTIONS[3], description: 'Price to be confirmed (TBA)' },
          ]}
          required={shape.plannersOrdered}
        />
      </Section>

      <Section title="Special request" id="special-request">
        <Checkbox label="I have a special request" {...form.register('sr_inst_req')} checked={shape.sr_inst_req} />
        {shape.sr_inst_req && (
          <Textarea
            label="Tell us about your request"
            required
            autosize
            minRows={3}
            maxLength={1000}
            {...fieldProps(form, 'sr_inst')}
          />
        )}
      </Section>
    </>
  );
}
