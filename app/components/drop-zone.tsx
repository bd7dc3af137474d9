import { useState, type ReactNode } from "react";

/** A dashed area files are dropped on (the upload form, /verify), its own border darker while they are dragged over it. */
export function DropZone({ onFiles, children }: { onFiles: (files: FileList) => void; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      className={`flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors ${
        dragging ? "border-neutral-900 bg-neutral-100 dark:border-white dark:bg-neutral-800" : "border-neutral-300 dark:border-neutral-700"
      }`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles(event.dataTransfer.files);
      }}
    >
      {children}
    </div>
  );
}
