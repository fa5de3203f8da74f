/**
 * Tables: creating and shaping HBase tables from the console. The pure planning logic lives in the sub-packages
 * ({@code keys}: row-key bytes, split algorithms; {@code design}: preview, lint, validation; salting is
 * {@code io.granary.engine.client.SaltedKeys}); user-input problems come back as
 * {@link io.granary.shared.problem.FieldError} lists, never as exceptions.
 */
package io.granary.tables;
