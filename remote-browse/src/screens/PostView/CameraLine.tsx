import { DataList } from '@chakra-ui/react/data-list';
import { BROWSE_TEXT, cameraLine } from '@snapshire/contracts';
import type { PostDetailNode } from '../../shared/data/types.ts';

export type CameraFields = Pick<
  PostDetailNode,
  'camera_make' | 'camera_model' | 'camera_lens' | 'exposure_time' | 'f_number' | 'iso' | 'focal_length'
>;

/**
 * The post's camera details in one line ("FUJIFILM X100V · 23 mm · f/2 · 1/250 s · ISO 200", written by
 * cameraLine in @snapshire/contracts), as a row of the post's details; nothing when the post has none.
 */
export function CameraLine({ post }: { post: CameraFields }) {
  const line = cameraLine({
    make: post.camera_make ?? undefined,
    model: post.camera_model ?? undefined,
    lens: post.camera_lens ?? undefined,
    exposureTime: post.exposure_time ?? undefined,
    fNumber: post.f_number ?? undefined,
    iso: post.iso ?? undefined,
    focalLength: post.focal_length ?? undefined,
  });
  if (!line) return null;
  return (
    <DataList.Item>
      <DataList.ItemLabel>{BROWSE_TEXT.CAMERA_LABEL}</DataList.ItemLabel>
      <DataList.ItemValue data-testid="post-camera" fontVariantNumeric="tabular-nums" overflowWrap="anywhere">
        {line}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
