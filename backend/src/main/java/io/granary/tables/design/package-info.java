/**
 * Table design checks that run before a table exists: where sample keys would land (region preview, sample
 * generators), lint findings with stable codes, and field-level validation of the create-table form. Pure.
 */
package io.granary.tables.design;
