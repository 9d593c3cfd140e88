import { useState } from 'preact/hooks';
import { uploadImage } from '../api/upload';
import type { ApiError } from '../api/client';
import { useAction } from '../api/hooks';
import { Field, FormErrors, Problem } from '../components/problem';

export interface GameFields {
  name: string;
  slug: string;
  description: string;
  image_url: string;
  is_active: boolean;
}

const EMPTY: GameFields = { name: '', slug: '', description: '', image_url: '', is_active: true };

/** Create and edit a game; the API's field errors show under each field; an image upload fills image_url. */
export function GameForm({ initial = EMPTY, submitLabel, action, onSubmit }: {
  initial?: GameFields;
  submitLabel: string;
  action: { busy: boolean; error: ApiError | null };
  onSubmit: (fields: GameFields) => unknown;
}) {
  const [fields, setFields] = useState<GameFields>(initial);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useAction(uploadImage);
  const set = (name: keyof GameFields) => (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    setFields({ ...fields, [name]: input.type === 'checkbox' ? input.checked : input.value });
  };
  const chooseImage = async (event: Event) => {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    const image = await upload.run(file);
    // A refused upload leaves no preview of an image the game will not have.
    if (image) setFields((previous) => ({ ...previous, image_url: image.path }));
    else setPreview(null);
  };
  // The image to show: the upload chosen, else the URL typed when it is one the API takes (SPEC §2.3: an
  // http(s) URL or an uploaded image's path), never a broken picture of a refused one.
  const typedUrl = /^(https?:\/\/|\/uploads\/images\/)/.test(fields.image_url) ? fields.image_url : null;
  const shown = preview ?? typedUrl;
  return (
    <FormErrors>
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(fields);
      }}
    >
      <div class="row">
        <Field label="Name" path="name" error={action.error}>
          <input name="name" value={fields.name} onInput={set('name')} />
        </Field>
        <Field label="Slug" path="slug" error={action.error}>
          <input name="slug" value={fields.slug} onInput={set('slug')} />
        </Field>
      </div>
      <Field label="Description" path="description" error={action.error}>
        <textarea name="description" value={fields.description} onInput={set('description')} />
      </Field>
      <div class="row">
        <Field label="Image URL" path="image_url" error={action.error}>
          <input name="image_url" value={fields.image_url} onInput={set('image_url')} />
        </Field>
        <label>
          Upload an image
          <input name="image_file" type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={chooseImage} aria-busy={upload.busy} />
        </label>
      </div>
      {shown && <img class="preview" src={shown} alt="Game image preview" />}
      <Problem error={upload.error} />
      <label>
        <input name="is_active" type="checkbox" role="switch" checked={fields.is_active} onChange={set('is_active')} /> Active
      </label>
      <Problem error={action.error} />
      <button type="submit" aria-busy={action.busy}>{submitLabel}</button>
    </form>
    </FormErrors>
  );
}
