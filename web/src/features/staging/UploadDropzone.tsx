import '@mantine/dropzone/styles.layer.css';
import type { ReactNode } from 'react';
import { Dropzone } from '@mantine/dropzone';

export default function UploadDropzone({
  onFiles,
  children,
}: {
  onFiles: (files: File[]) => void;
  children: ReactNode;
}) {
  return (
    <Dropzone onDrop={onFiles} multiple inputProps={{ 'aria-label': 'Upload furniture photos' }}>
      {children}
    </Dropzone>
  );
}
