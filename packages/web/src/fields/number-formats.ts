/** Numeric display formats live in core so exports format numbers as the grid does. */
export * from '@rowbase/core/fields/display/number-formats';
