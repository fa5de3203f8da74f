package io.granary.users;

/** VIEWER < OPERATOR < ADMIN; each role includes the ones below it. */
public enum Role { VIEWER, OPERATOR, ADMIN }
