import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { CheckboxGroup } from '@chakra-ui/react/checkbox';
import { CheckboxCard } from '@chakra-ui/react/checkbox-card';
import { Field } from '@chakra-ui/react/field';
import { Fieldset } from '@chakra-ui/react/fieldset';
import { Progress } from '@chakra-ui/react/progress';
import { RadioGroup } from '@chakra-ui/react/radio-group';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Textarea } from '@chakra-ui/react/textarea';
import { Alert, Button, Heading, Stack, Text, HStack } from '@snapshire/shell-components';
import { LIMITS, MESSAGES, PHOTO_TYPE_LABELS, PHOTO_TYPES, type PhotoType } from '@snapshire/contracts';
import type { CategoryOption } from './newPostGroupQuery.ts';
import type { UploadProgress } from './postFormState.ts';

export interface DescribePhotoStepProps {
  categories: CategoryOption[];
  description: string;
  categoryIds: string[];
  photoType: PhotoType;
  loading: boolean;
  progress: UploadProgress | null;
  submissionIssue: string | null;
  onDescriptionChange: (description: string) => void;
  onCategoriesChange: (categoryIds: string[]) => void;
  onPhotoTypeChange: (photoType: PhotoType) => void;
  onSubmit: () => void;
  /** Shown after the photo type: the choice about the photo's camera details (CameraDetailsChoice). */
  cameraDetails?: ReactNode;
  /** A batch of photos has its own title, hint, Submit label and progress (BatchProgress); one photo, these. */
  title?: string;
  hint?: string;
  submitLabel?: string;
  progressView?: ReactNode;
}

function isPhotoType(value: string | null): value is PhotoType {
  return (PHOTO_TYPES as readonly (string | null)[]).includes(value);
}

/** Percent uploaded, or null while the size is unknown (the bar then runs indeterminate). */
function uploadPercent(progress: UploadProgress | null): number | null {
  if (!progress?.total) return null;
  return Math.min(100, Math.round((progress.loaded / progress.total) * 100));
}

/** Step two: describe the photo, file it under categories, say how it was taken, and submit. */
export function DescribePhotoStep(props: DescribePhotoStepProps) {
  const { categories, description, categoryIds, photoType, loading, progress, submissionIssue } = props;
  const sectionRef = useRef<HTMLDivElement>(null);

  // The step appears under the preview, often below the fold: bring it into view once it has rendered.
  useEffect(() => {
    const timer = setTimeout(
      () => sectionRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }),
      LIMITS.SCROLL_INTO_VIEW_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!loading) props.onSubmit();
  };
  const percent = uploadPercent(progress);
  const sent = progress && percent === 100;

  return (
    <Stack as="section" ref={sectionRef} aria-labelledby="describe-step-title" gap="5" scrollMarginTop="4">
      <Heading as="h2" size="lg" id="describe-step-title">
        {props.title ?? MESSAGES.DESCRIBE_STEP_TITLE}
      </Heading>
      {props.hint && (
        <Text color="fg.muted" fontSize="sm" mt="-3">
          {props.hint}
        </Text>
      )}
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="6">
          <Field.Root disabled={loading}>
            <Field.Label>Description</Field.Label>
            <Textarea
              value={description}
              onChange={(event) => props.onDescriptionChange(event.target.value)}
              placeholder={MESSAGES.DESCRIPTION_PLACEHOLDER}
              maxLength={LIMITS.DESCRIPTION_MAX_LENGTH}
              rows={3}
              autoresize
            />
            <Field.HelperText alignSelf="flex-end" aria-live="polite" data-testid="description-count">
              {description.length}/{LIMITS.DESCRIPTION_MAX_LENGTH}
            </Field.HelperText>
          </Field.Root>

          <Fieldset.Root disabled={loading}>
            <Fieldset.Legend>Categories</Fieldset.Legend>
            {categories.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                This group has no categories.
              </Text>
            ) : (
              <CheckboxGroup
                value={categoryIds}
                onValueChange={props.onCategoriesChange}
                disabled={loading}
                name="categoryIds"
              >
                <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="2">
                  {categories.map((category) => (
                    <CheckboxCard.Root key={category.id} value={category.id} size="sm">
                      <CheckboxCard.HiddenInput />
                      <CheckboxCard.Control>
                        <CheckboxCard.Label>{category.displayName}</CheckboxCard.Label>
                        <CheckboxCard.Indicator />
                      </CheckboxCard.Control>
                    </CheckboxCard.Root>
                  ))}
                </SimpleGrid>
              </CheckboxGroup>
            )}
          </Fieldset.Root>

          <Fieldset.Root disabled={loading}>
            <Fieldset.Legend>Type of photo</Fieldset.Legend>
            <RadioGroup.Root
              value={photoType}
              onValueChange={(details) => {
                if (isPhotoType(details.value)) props.onPhotoTypeChange(details.value);
              }}
              disabled={loading}
              name="photoType"
            >
              <HStack gap="6">
                {PHOTO_TYPES.map((type) => (
                  <RadioGroup.Item key={type} value={type}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{PHOTO_TYPE_LABELS[type]}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
          </Fieldset.Root>

          {props.cameraDetails}

          {loading && props.progressView}
          {loading && !props.progressView && (
            <Progress.Root value={percent} size="sm">
              <HStack justify="space-between" mb="1">
                <Progress.Label>{sent ? 'Saving your post…' : 'Uploading your photo…'}</Progress.Label>
                {percent !== null && <Progress.ValueText>{percent}%</Progress.ValueText>}
              </HStack>
              <Progress.Track aria-label="Upload progress">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}

          {submissionIssue && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{submissionIssue}</Alert.Title>
            </Alert.Root>
          )}

          <Button
            type="submit"
            disabled={loading}
            loading={loading}
            loadingText="Submitting"
            alignSelf="flex-start"
            minW="32"
          >
            {props.submitLabel ?? 'Submit'}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
