import { useEffect, useId, useState } from 'react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Stack, Text } from '@snapshire/shell-components';
import { cameraLine, JPEG_HEADER_READ_BYTES, MESSAGES, readExif } from '@snapshire/contracts';

export interface CameraDetailsChoiceProps {
  file: File;
  include: boolean;
  disabled: boolean;
  onIncludeChange: (include: boolean) => void;
}

/**
 * What the server will keep of the photo's EXIF (its camera line, read here by the same reader,
 * readExif in @snapshire/contracts), with a checkbox to leave it out. Nothing is shown for a photo that
 * states no camera details: there is nothing to leave out.
 */
export function CameraDetailsChoice({ file, include, disabled, onIncludeChange }: CameraDetailsChoiceProps) {
  const [line, setLine] = useState<{ file: File; text: string | null } | null>(null);
  const hintId = useId();

  useEffect(() => {
    let current = true;
    // EXIF sits at the start of a JPEG (APP1, at most 64 KB): the header's read covers it.
    file
      .slice(0, JPEG_HEADER_READ_BYTES)
      .arrayBuffer()
      .then(
        (start) => cameraLine(readExif(new Uint8Array(start)).camera),
        () => null,
      )
      .then((text) => current && setLine({ file, text }));
    return () => {
      current = false;
    };
  }, [file]);

  const text = line?.file === file ? line.text : null;
  if (!text) return null;
  return (
    <Stack gap="1" data-testid="camera-details-choice">
      <Checkbox.Root
        checked={include}
        disabled={disabled}
        onCheckedChange={(details) => onIncludeChange(details.checked === true)}
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput aria-describedby={hintId} />
        <Checkbox.Control mt="0.5" />
        <Stack gap="0.5">
          <Checkbox.Label>{MESSAGES.CAMERA_DETAILS_LABEL}</Checkbox.Label>
          <Text
            fontSize="sm"
            fontVariantNumeric="tabular-nums"
            data-testid="camera-details-line"
            textDecoration={include ? undefined : 'line-through'}
            color={include ? 'fg' : 'fg.muted'}
          >
            {text}
          </Text>
        </Stack>
      </Checkbox.Root>
      <Text id={hintId} fontSize="sm" color="fg.muted" ps="7">
        {MESSAGES.CAMERA_DETAILS_HINT}
      </Text>
    </Stack>
  );
}
