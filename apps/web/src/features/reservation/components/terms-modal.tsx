import { AgreementModal, type TermsModalProps } from '../../../components/agreement-modal.tsx';
import { TermsOfServiceText } from '../../../components/terms-of-service-text.tsx';

/** The general terms (spec §2), the Terms of Service page's text, with a way to agree from here. */
export function TermsModal({ opened, onClose, onAgree }: TermsModalProps) {
  return (
    <AgreementModal
      title="Terms and Conditions"
      opened={opened}
      onClose={onClose}
      onAgree={onAgree}
      agreeLabel="I agree"
      closeLabel="Close"
    >
      <TermsOfServiceText />
    </AgreementModal>
  );
}
