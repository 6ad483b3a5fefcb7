import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useController } from 'react-hook-form';

/**
 * A staff-edited HTML field (D16) as a rich-text editor bound to a react-hook-form field.
 * Its toolbar offers only what the server keeps after sanitising: paragraphs, two heading
 * levels, bold, italic, underline, lists, quotes and links. The server sanitises whatever
 * arrives, so this is a convenience, not a guard.
 */
export function RichTextField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  minHeight = 160,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  description?: string;
  minHeight?: number;
}) {
  const { field, fieldState } = useController({ control, name });
  const labelId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [3, 4] }, code: false, codeBlock: false }),
      Link,
    ],
    content: (field.value as string) ?? '',
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: current }) => field.onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => field.onBlur(),
  });

  // A value set from outside (the record loaded, the form reset) replaces the editor's.
  useEffect(() => {
    if (!editor) return;
    const value = (field.value as string) ?? '';
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (value !== shown) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, field.value]);

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId }}
      description={description}
      error={fieldState.error?.message}
    >
      <RichTextEditor editor={editor} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={minHeight} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
