import '../styles/mantine-forms.css';
import { Checkbox, Text } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import { useEffect, useRef, useState } from 'react';
import { AgreementModal, type TermsModalProps } from './agreement-modal.tsx';

/** The short film that explains the free products' terms, served with the app. */
export const FREE_TERMS_VIDEO = '/media/free-products-terms.webm';
const FREE_TERMS_CAPTIONS = '/media/free-products-terms.vtt';

const CONFIRMATIONS = [
  'The quantity requested is the estimated amount needed for the upcoming school year only.',
  'All free products will be used during the upcoming school year.',
] as const;

/**
 * Terms & Conditions for Free products (spec §2): a video and two confirmations, each
 * marked until ticked; Agree only when both are. Closing pauses the video and rewinds it.
 */
export function FreeTermsModal({ opened, onClose, onAgree }: TermsModalProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [ticked, setTicked] = useState<[boolean, boolean]>([false, false]);

  useEffect(() => {
    if (opened) return;
    setTicked([false, false]);
    const player = video.current;
    if (player) {
      player.pause();
      player.currentTime = 0;
    }
  }, [opened]);

  const close = () => {
    video.current?.pause();
    if (video.current) video.current.currentTime = 0;
    onClose();
  };

  return (
    <AgreementModal
      title="Terms & Conditions for Free products"
      opened={opened}
      onClose={close}
      onAgree={onAgree}
      agreeLabel="Agree"
      closeLabel="Cancel"
      canAgree={ticked[0] && ticked[1]}
    >
      <video
        ref={video}
        controls
        preload="metadata"
        width={640}
        height={360}
        style={{ width: '100%', height: 'auto', aspectRatio: '16 / 9', borderRadius: 8, background: '#0b1b33' }}
        aria-label="How free products work"
      >
        <source src={FREE_TERMS_VIDEO} type="video/webm" />
        <track kind="captions" src={FREE_TERMS_CAPTIONS} srcLang="en" label="English" default />
      </video>
      <Text size="sm">
        Free products are paid for by local sponsors, so that as many schools as possible can have them. Please confirm
        both of these before you agree.
      </Text>
      {CONFIRMATIONS.map((label, i) => (
        <Checkbox
          key={label}
          label={label}
          checked={ticked[i]}
          onChange={(event) => {
            const next: [boolean, boolean] = [...ticked];
            next[i] = event.currentTarget.checked;
            setTicked(next);
          }}
          error={ticked[i] ? undefined : MSG.tickToConfirm}
        />
      ))}
    </AgreementModal>
  );
}
