import DecapCmsWidgetObject from 'decap-cms-widget-object';
import { readMarkdown } from '../content/front-matter-edit.ts';
import { PHOTO_WIDGET } from './cms-fields.ts';
import { SOURCE_KEY } from './markdown-format.ts';
import { photoProblem } from './photo-alt.ts';

/** The part of Decap's Immutable maps the control reads. */
interface Immutable {
  get(key: string): unknown;
  getIn(path: string[]): unknown;
}

/**
 * Decap's object control, with photoProblem run when the entry is saved: Decap validates an
 * object by its fields only, so `validate` also runs the field's own check (Widget.validate, which
 * asks `isValid` and shows its error under the block).
 */
class PhotoControl extends DecapCmsWidgetObject.controlComponent {
  private readonly validateFields = (this as unknown as { validate: () => void }).validate;
  validate = () => {
    this.validateFields();
    (this.props as { validate: () => void }).validate();
  };
  /** `entry` is the whole entry: the text it was read from says whether the file wrote `alt: ""`. */
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
