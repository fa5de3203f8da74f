/**
 * Tables: creating and shaping HBase tables from the console. The pure planning logic lives in the sub-packages
 * ({@code keys}: row-key bytes, split algorithms, salting; {@code design}: preview, lint, validation); user-input
 * problems come back as {@link io.granary.tables.FieldError} lists, never as exceptions.
 */
package io.granary.tables;
