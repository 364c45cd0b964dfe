/** How dates are written (docs/product.md#formatting): the visitor's locale and time zone. */
export const dateTimeOptions: Intl.DateTimeFormatOptions = {
  dateStyle: 'medium',
  timeStyle: 'short',
};
