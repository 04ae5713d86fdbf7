#ifndef RELIEF_ICU_H
#define RELIEF_ICU_H

/*
 * The few ICU calls Relief makes, behind plain C types. ICU's own headers stay inside relief_icu.c:
 * Foundation carries a private copy of ICU whose enums (UScriptCode, UErrorCode, ...) differ from
 * Debian's, and a Swift module that saw both would be refused as an ODR clash. ICU also renames
 * every function with its major version (ubrk_open_72) through macros Swift cannot import.
 */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An ICU line-break iterator over UTF-16 text, which must outlive it. */
typedef struct relief_line_breaks relief_line_breaks;

/* Opens a line-break iterator (UAX #14) for `locale` ("" for the root rules) over `length` UTF-16
   units at `text`. Returns NULL on failure, with ICU's error code in *error (0 on success; negative
   codes are warnings, such as a fallback to the root locale, and still return an iterator). */
relief_line_breaks *relief_line_breaks_open(const char *locale, const uint16_t *text, int32_t length,
                                            int32_t *error);

/* The next break offset in UTF-16 units, or -1 after the last one. */
int32_t relief_line_breaks_next(relief_line_breaks *breaks);

/* Closes an iterator; safe on NULL. */
void relief_line_breaks_close(relief_line_breaks *breaks);

/* The long name of the script with ISO 15924 code `code` ("Arab" gives "Arabic"), or NULL. */
const char *relief_script_name(const char *code);

#ifdef __cplusplus
}
#endif

#endif
