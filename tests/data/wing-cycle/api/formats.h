/* A header of the first wing that includes nothing: the units make a
 * chain (wrappers -> decode -> formats), the folders a cycle (see
 * wrappers.h). */
