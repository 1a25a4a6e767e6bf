/** Date display formats live in core so exports format dates as the grid does. */
export * from '@rowbase/core/fields/display/dates';
