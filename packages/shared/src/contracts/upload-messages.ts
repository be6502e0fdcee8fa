/**
 * The words every file upload refuses with, made from what is uploaded ("image", "photo", "file",
 * "manual"), its form field and its size limit, so that each upload says them alike.
 */
export function uploadMessages(upload: {
  /** What the person chooses, as the messages name it. */
  noun: string;
  fieldName: string;
  maxBytes: number;
  /** What to choose instead of one too large, when not another of `noun` ("PDF" for a manual). */
  smaller?: string;
}) {
  const { noun, fieldName, maxBytes, smaller = noun } = upload;
  return {
    notMultipart: `Send the ${noun} as a file upload (multipart/form-data) in the field "${fieldName}".`,
    tooLarge: `The ${noun} is larger than ${maxBytes / (1024 * 1024)} MB. Please choose a smaller ${smaller}.`,
    cutOff: `The ${noun} did not arrive whole: the upload was interrupted. Please try again.`,
  } as const;
}
