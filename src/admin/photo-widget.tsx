import DecapCmsWidgetObject from 'decap-cms-widget-object';
import { readMarkdown } from '../content/front-matter-edit.ts';
import { PHOTO_WIDGET } from './cms-fields.ts';
import { SOURCE_KEY } from './markdown-format.ts';

export const MISSING_ALT = 'Décrivez la photo pour qui ne la voit pas. Une photo purement décorative s’indique par alt: "" dans le fichier, sur GitHub.';

/** The part of Decap's Immutable maps the control reads. */
interface Immutable {
  get(key: string): unknown;
  getIn(path: string[]): unknown;
}

/**
 * Whether a photo may be saved: no image chosen, or a description. An empty description is a
 * decorative photo only when the file already said so (`alt: ""`): Decap cannot tell an emptied
 * field from one never filled, and the build refuses a photo without `alt`.
 */
export function photoProblem(value: { src?: unknown; alt?: unknown } | undefined, altInFile: unknown): string | undefined {
  if (typeof value?.src !== 'string' || value.src.trim() === '') return undefined;
  if (typeof value.alt === 'string' && value.alt.trim() !== '') return undefined;
  return altInFile === '' && (value.alt ?? '') === '' ? undefined : MISSING_ALT;
}

/**
 * Decap's object control, with the check above run when the entry is saved: Decap validates an
 * object by its fields only, so `validate` also runs the field's own check (Widget.validate, which
 * asks `isValid` and shows its error under the block).
 */
class PhotoControl extends DecapCmsWidgetObject.controlComponent {
  private readonly validateFields = (this as unknown as { validate: () => void }).validate;
  validate = () => {
    this.validateFields();
    (this.props as { validate: () => void }).validate();
  };
  isValid = () => {
    const props = this.props as { value?: Immutable; field: Immutable; entry?: Immutable };
    const value = { src: props.value?.get('src'), alt: props.value?.get('alt') };
    const source = props.entry?.getIn(['data', SOURCE_KEY]);
    const inFile = typeof source === 'string' ? (readMarkdown(source).data[String(props.field.get('name'))] as { alt?: unknown } | undefined)?.alt : undefined;
    const message = photoProblem(value, inFile);
    return message ? { error: { type: 'CUSTOM', message } } : true;
  };
}

export const photoWidget = DecapCmsWidgetObject.Widget({ name: PHOTO_WIDGET, controlComponent: PhotoControl as never });
