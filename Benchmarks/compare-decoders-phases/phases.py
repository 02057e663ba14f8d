"""Where one decode's instructions go, by phase: the breakdown of the Performance article's
"Where a decode's instructions go".

`phases.py PROGRAM DECODER PAYLOAD [TOP]` runs `PROGRAM run DECODER PAYLOAD FILE 1 1` and `... 1 11`
under Callgrind (SWIFT_DETERMINISTIC_HASHING=1), where PROGRAM is .ci/compare-decoders' Swift or
Rust program and FILE the payload it generated under .build/compare-decoders/payloads; the
difference over 10 is one decode, without the process's start, the file's reading or the digest.
It prints the instructions per decode, the malloc calls per decoded object and each phase's
instructions, functions being put in a phase by their names; TOP also lists the costliest functions.
"""

import collections
import json
import os
import re
import subprocess
import sys
import tempfile

PHASES = [
    ("parse (validation and tape)", r"Parser\.|ParsedInput|parseDocument|scanString|scanNumber|scanKey|scanLiteral|scanMultibyte|scanEscape"),
    ("dates", r"ISO8601|date\(at:"),
    ("numbers", r"IntegerConversion|NumberConversion|EiselLemire|DecimalSignificand|floatingPoint|FixedWidthInteger|JSONScalar<>\.read"),
    ("key matching", r"MemberOrder|WrittenKey|member\(named|matchedKey|SnakeCase|bytesEqual|camelCase|Dictionary|Hasher|hash|_stringCompare"),
    ("string building", r"String\.read|string\(_:|StringUnescaper|_uncheckedFromUTF8|_fromUTF8Repairing|validateUTF8|memmove|memcpy"),
    ("allocation and reference counting", r"malloc|free|_int_|swift_allocObject|swift_deallocObject|swift_retain|swift_release|"
     r"swift_bridgeObject|swift_slowAlloc|swift_slowDealloc|swift_arrayInitWithCopy|swift_arrayDestroy|swift_beginAccess|swift_endAccess"),
    ("runtime generics", r"Metadata|getGenericMetadata|getWitnessTable|getCache|GenericCacheEntry|swift_dynamicCast|swift_conformsTo|"
     r"ConcurrentReadableHashMap|swift_getAssociated|swift_checkMetadataState|swift_getTypeByMangled|swift_instantiate"),
    ("the models' own code, arrays", r"init\(from:\)|Array\.append|Array\.reserveCapacity|_copyToNewBuffer|_ContiguousArrayBuffer|Array<.*>\.init|"
     r"ContiguousArray|Array\.init|Array\._"),
    ("containers and protocol dispatch", r"KeyedContainer|UnkeyedContainer|KeyedDecodingContainer|_KeyedDecodingContainerBox|DecodingState|"
     r"CodingStack|PathBase|nested|SuperDecoder|Decoder|Container|codingPath|protocol witness|CodingKey|Replay|Answer|IndexKey|NoKey"),
]


def phase(name):
    for label, pattern in PHASES:
        if re.search(pattern, name):
            return label
    return "other"


def annotate(path, *options):
    command = ["callgrind_annotate", "--auto=no", "--threshold=100", *options, path]
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return subprocess.run(["swift", "demangle", "--simplified"], input=text, capture_output=True, text=True, check=True).stdout


def self_costs(path):
    """Instructions per function (its own, not its callees'), and the program's total."""
    costs, total = collections.Counter(), 0
    for line in annotate(path, "--inclusive=no").splitlines():
        match = re.match(r"\s*([\d,]+) \([^)]*\)\s+(.*)$", line)
        if not match:
            continue
        count, name = int(match.group(1).replace(",", "")), re.sub(r" \[/.*$", "", match.group(2))
        if "PROGRAM TOTALS" in name:
            total = count
        else:
            costs[name] += count
    return total, costs


def malloc_calls(path):
    """Calls to malloc, summed over its callers in the call tree."""
    calls, block = 0, []
    for line in annotate(path, "--tree=caller").splitlines():
        if not line.strip():
            block = []
            continue
        block.append(line)
        if re.search(r"\*  \./malloc/\./malloc/malloc\.c:malloc \[", line):
            calls += sum(int(m.group(1).replace(",", "")) for m in (re.search(r"\(([\d,]+)x\)", b) for b in block[:-1]) if m)
    return calls


def main(argv):
    if len(argv) not in (3, 4) or argv[2] not in ("movies", "issues", "events", "numbers"):
        sys.exit("usage: phases.py PROGRAM DECODER movies|issues|events|numbers [TOP]")
    program, decoder, payload = argv[:3]
    file = os.path.join(".build", "compare-decoders", "payloads", payload + ".json")
    with open(file, "rb") as handle:
        objects = len(json.load(handle))
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    with tempfile.TemporaryDirectory() as work:
        outputs = []
        for decodes in ("1", "11"):
            output = os.path.join(work, decodes)
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={output}", program, "run", decoder, payload, file, "1", decodes],
                           env=environment, capture_output=True, check=True)
            outputs.append(output)
        (total_one, one), (total_eleven, eleven) = self_costs(outputs[0]), self_costs(outputs[1])
        mallocs = (malloc_calls(outputs[1]) - malloc_calls(outputs[0])) / 10
    total = (total_eleven - total_one) / 10
    per_function = {name: (eleven[name] - one[name]) / 10 for name in set(one) | set(eleven)}
    by_phase = collections.Counter()
    for name, count in per_function.items():
        by_phase[phase(name)] += count
    print(f"{decoder} {payload}: {total / 1e6:.1f} M instructions per decode, {mallocs / objects:.2f} mallocs per object")
    for label, count in by_phase.most_common():
        print(f"  {label:36s} {count / 1e6:7.2f} M  {count / total:6.1%}")
    for name, count in sorted(per_function.items(), key=lambda item: -item[1])[: int(argv[3]) if len(argv) == 4 else 0]:
        print(f"  {count / 1e6:7.2f} M  {name[:140]}")


if __name__ == "__main__":
    main(sys.argv[1:])
