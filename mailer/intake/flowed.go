package intake

import "strings"

// unflow undoes format=flowed (RFC 3676): a line ending in a space is
// joined with the next line of the same quote depth, space-stuffing is
// removed, and with delsp=yes the soft-break space is deleted. Quoted lines
// come out as "> " prefixes per level. The input uses "\n" line endings.
func unflow(s string, delsp bool) string {
	lines := strings.Split(s, "\n")
	var out strings.Builder
	out.Grow(len(s))
	var para strings.Builder
	paraDepth := -1
	flush := func() {
		if paraDepth < 0 {
			return
		}
		if paraDepth > 0 {
			out.WriteString(strings.Repeat(">", paraDepth))
			if para.Len() > 0 {
				out.WriteByte(' ')
			}
		}
		out.WriteString(para.String())
		out.WriteByte('\n')
		para.Reset()
		paraDepth = -1
	}
	for i, line := range lines {
		if i == len(lines)-1 && line == "" {
			break // the final newline
		}
		depth := 0
		for depth < len(line) && line[depth] == '>' {
			depth++
		}
		content := line[depth:]
		content = strings.TrimPrefix(content, " ") // space-stuffing
		if paraDepth >= 0 && depth != paraDepth {
			flush() // a quote-depth change ends a paragraph
		}
		paraDepth = depth
		flowed := strings.HasSuffix(content, " ") && content != "-- "
		if flowed && delsp {
			content = content[:len(content)-1]
		}
		para.WriteString(content)
		if !flowed {
			flush()
		}
	}
	flush()
	return out.String()
}
