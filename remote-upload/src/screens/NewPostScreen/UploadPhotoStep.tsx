import { useCallback, useEffect } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Heading, HStack, Image, Link, List, Stack, Text } from '@snapshire/shell-components';
import { BATCH_TEXT, LIMITS, MESSAGES, paths } from '@snapshire/contracts';

/** What the file dialog offers: JPEGs only (the schema still checks whatever is dropped). */
const ACCEPT = Object.fromEntries(LIMITS.UPLOAD_ACCEPTED_MIME_TYPES.map((type) => [type, ['.jpg', '.jpeg']]));

export interface UploadPhotoStepProps {
  file: File | null;
  previewUrl: string | null;
  issues: string[];
  /** While the post uploads nothing here may change. */
  disabled: boolean;
  onFileChosen: (file: File) => void;
  /** Several files at once: the batch takes over (one file stays on this step, as always). */
  onFilesChosen: (files: File[]) => void;
  onPreviewLoaded: (width: number, height: number) => void;
  onPreviewFailed: () => void;
  onClear: () => void;
  /** Put the focus on the drop zone once shown (it replaced what had the focus, e.g. Join group). */
  focusOnShow?: boolean;
}

/** Step one: choose one photo by drag-and-drop or the file dialog, see it, or clear it. */
export function UploadPhotoStep(props: UploadPhotoStepProps) {
  const {
    file,
    previewUrl,
    issues,
    disabled,
    onFileChosen,
    onFilesChosen,
    onPreviewLoaded,
    onPreviewFailed,
    onClear,
    focusOnShow,
  } = props;

  // Files react-dropzone refuses (wrong type, several at once) still go through our schema, so the user
  // reads the product's own reasons rather than the dropzone's.
  const onDrop = useCallback(
    (accepted: File[], rejections: FileRejection[]) => {
      const chosen = [...accepted, ...rejections.map((rejection) => rejection.file)];
      if (chosen.length === 1) onFileChosen(chosen[0]!);
      else if (chosen.length > 1) onFilesChosen(chosen);
    },
    [onFileChosen, onFilesChosen],
  );
  const { getRootProps, getInputProps, isDragActive, rootRef } = useDropzone({
    onDrop,
    accept: ACCEPT,
    // No maxFiles: past the limit the batch leaves the extra files out itself, each with the product's words.
    multiple: true,
    disabled,
  });
  useEffect(() => {
    if (focusOnShow) rootRef.current?.focus();
  }, [focusOnShow, rootRef]);

  return (
    <Stack gap="4" as="section" aria-labelledby="upload-step-title">
      <Heading as="h2" size="lg" id="upload-step-title">
        {MESSAGES.UPLOAD_STEP_TITLE}
      </Heading>

      {file && previewUrl ? (
        <Stack gap="3">
          <Box
            borderWidth="1px"
            borderRadius="l3"
            overflow="hidden"
            bg="bg.muted"
            display="flex"
            justifyContent="center"
          >
            {/* Shown at most at its own size: a small image is not blown up. */}
            <Image
              key={previewUrl}
              src={previewUrl}
              alt={`Preview of ${file.name}`}
              maxH={{ base: '60vh', md: '480px' }}
              maxW="full"
              w="auto"
              h="auto"
              onLoad={(event) => {
                const image = event.currentTarget;
                onPreviewLoaded(image.naturalWidth, image.naturalHeight);
              }}
              onError={onPreviewFailed}
            />
          </Box>
          <HStack justify="space-between" gap="3">
            <Text fontSize="sm" color="fg.muted" truncate minW="0">
              {file.name}
            </Text>
            <Button variant="outline" size="sm" onClick={onClear} disabled={disabled} flexShrink={0}>
              Clear
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Box
          {...getRootProps()}
          data-testid="photo-dropzone"
          data-active={isDragActive ? '' : undefined}
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={isDragActive ? 'colorPalette.solid' : 'border.emphasized'}
          bg={isDragActive ? 'colorPalette.subtle' : 'bg.subtle'}
          borderRadius="l3"
          px="6"
          py={{ base: '10', md: '14' }}
          textAlign="center"
          cursor="pointer"
          transition="background 0.15s, border-color 0.15s"
          _hover={{ borderColor: 'colorPalette.solid' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
        >
          <input {...getInputProps({ 'aria-label': 'Choose a photo' })} />
          <Text fontWeight="semibold">{isDragActive ? 'Drop your photo here.' : 'Drag and drop a photo here'}</Text>
          <Text color="fg.muted" fontSize="sm" mt="1">
            {isDragActive ? `JPEG images, up to ${LIMITS.UPLOAD_MAX_FILES}.` : BATCH_TEXT.DROP_HINT}
          </Text>
        </Box>
      )}

      <Text fontSize="sm" color="fg.muted">
        Images must be no larger than {LIMITS.UPLOAD_MAX_LABEL} and comply with our{' '}
        <Link asChild variant="underline">
          <RouterLink to={paths.terms()}>Terms &amp; Conditions</RouterLink>
        </Link>
        .
      </Text>

      {issues.length > 0 && (
        <List.Root role="alert" aria-label="Problems with this photo" color="fg.error" ps="5" gap="1">
          {issues.map((issue) => (
            <List.Item key={issue}>{issue}</List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}
