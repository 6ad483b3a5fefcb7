import { Button, type ButtonProps, Modal } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useSettings } from '../../../lib/content.ts';

/**
 * The promotional video (spec §1): plays as the modal opens, and on closing pauses and goes
 * back to the start, so that the next opening begins from the beginning. The modal stays
 * mounted to keep one video element, which loads nothing until first played.
 */
export function PromoVideo(buttonProps: ButtonProps) {
  const settings = useSettings();
  const video = useRef<HTMLVideoElement>(null);
  const [opened, setOpened] = useState(false);
  const src = settings?.promo_video_url;

  const open = () => {
    setOpened(true);
    // Started inside the click, so that browsers allow playback with sound.
    video.current?.play().catch(() => undefined);
  };
  const close = () => {
    setOpened(false);
    if (video.current) {
      video.current.pause();
      video.current.currentTime = 0;
    }
  };

  if (!src) return null;
  return (
    <>
      <Button leftSection={<IconPlayerPlayFilled size={16} aria-hidden />} onClick={open} {...buttonProps}>
        Watch the video
      </Button>
      <Modal
        opened={opened}
        onClose={close}
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
          ref={video}
          src={src}
          controls
          playsInline
          preload="none"
          style={{ display: 'block', width: '100%', aspectRatio: '16 / 9', background: '#000', borderRadius: 8 }}
        />
      </Modal>
    </>
  );
}
