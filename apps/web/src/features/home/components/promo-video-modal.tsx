import '../../../styles/mantine-forms.css';
import { Modal } from '@mantine/core';
import { type RefObject, useCallback } from 'react';

interface PromoVideoModalProps {
  src: string;
  opened: boolean;
  onClose: () => void;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Called once the video element is in the page. */
  onMounted: () => void;
}

/**
 * The video's modal. It stays mounted to keep one video element, which loads nothing until
 * first played.
 */
export default function PromoVideoModal({ src, opened, onClose, videoRef, onMounted }: PromoVideoModalProps) {
  // The modal renders into a portal a moment after this component: the element says when it is there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one ref callback for the element's life
  const attach = useCallback((element: HTMLVideoElement | null) => {
    videoRef.current = element;
    if (element) onMounted();
  }, []);
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
        ref={attach}
        src={src}
        controls
        playsInline
        preload="none"
        style={{ display: 'block', width: '100%', aspectRatio: '16 / 9', background: '#000', borderRadius: 8 }}
      />
    </Modal>
  );
}
