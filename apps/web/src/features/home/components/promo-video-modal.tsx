import { Modal } from '@mantine/core';
import type { RefObject } from 'react';

interface PromoVideoModalProps {
  src: string;
  opened: boolean;
  onClose: () => void;
  videoRef: RefObject<HTMLVideoElement | null>;
}

/**
 * The video's modal. It stays mounted to keep one video element, which loads nothing until
 * first played.
 */
export default function PromoVideoModal({ src, opened, onClose, videoRef }: PromoVideoModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="School Planner Savings in a minute"
      size="xl"
      centered
      keepMounted
      // Hidden with CSS rather than React's Activity, which would detach the ref while closed.
      keepMountedMode="display-none"
      closeButtonProps={{ 'aria-label': 'Close video' }}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: the promotional video has no speech to caption */}
      <video
        ref={videoRef}
        src={src}
        controls
        playsInline
        preload="none"
        style={{ display: 'block', width: '100%', aspectRatio: '16 / 9', background: '#000', borderRadius: 8 }}
      />
    </Modal>
  );
}
