#!/usr/bin/env bash
# Draws the demo's short promotional clip (apps/web/public/media/promo.mp4) with ffmpeg,
# so that nothing is downloaded: apt-get install ffmpeg fonts-dejavu-core, then run this.
set -euo pipefail
cd "$(dirname "$0")/.."
font=/usr/share/fonts/truetype/dejavu
mkdir -p apps/web/public/media
ffmpeg -y -loglevel error \
  -f lavfi -i "color=c=0x1864ab:s=640x360:d=8,format=yuv420p" \
  -f lavfi -i "sine=frequency=440:duration=8" \
  -vf "drawtext=fontfile=$font/DejaVuSans-Bold.ttf:text='School Planner Savings':fontcolor=white:fontsize=40:x=(w-text_w)/2:y=(h-text_h)/2-30,drawtext=fontfile=$font/DejaVuSans.ttf:text='Local sponsors. Free supplies. Since 2003.':fontcolor=0xd0ebff:fontsize=22:x=(w-text_w)/2:y=(h-text_h)/2+30:alpha='if(lt(t,1),t,1)'" \
  -af "volume=0.05" -c:v libx264 -preset veryslow -crf 32 -c:a aac -b:a 32k -movflags +faststart \
  apps/web/public/media/promo.mp4
