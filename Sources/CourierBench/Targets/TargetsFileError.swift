import Courier

/// Everything that can be wrong with a targets file, its data files and its bodies, and the two
/// things that can go wrong once requests are being made from it.
///
/// Every case but ``dataExhausted(file:rows:)``, ``headerInjection(request:header:variable:file:line:)``
/// and ``variableHeaderInjection(request:header:variable:)`` is found by
/// ``TargetsFile/load(path:baseURL:environment:)`` before anything is sent, and is a usage error for
/// the command that asked for the file. The others are thrown by ``RequestMix`` at the moment a
/// request is made.
///
/// Each ``description`` is one line naming the file, and the key path (`requests[2].headers.Accept`)
/// or line number where it applies. No message quotes a header value or a data value, which may be
/// credentials; URLs are quoted with their user information and secret query values redacted
/// (`Redaction.url`).
enum TargetsFileError: Error, Equatable, CustomStringConvertible {
    /// The targets file, a data file or a body file is not there or cannot be read.
    case unreadable(file: String, role: FileRole)
    /// The targets file is not JSON at all.
    case notJSON(file: String, detail: String)
    /// A key the format does not have, at `keyPath`: a typo, usually.
    case unknownKey(file: String, keyPath: String)
    /// A key the format requires is missing from the object at `keyPath`.
    case missingKey(file: String, keyPath: String)
    /// The value at `keyPath` is not what the format allows there; `expected` says what is.
    case invalidValue(file: String, keyPath: String, expected: String)
    /// `version` is not one this bench reads.
    case unsupportedVersion(file: String, version: String)
    /// A weight that is not a finite number greater than zero.
    case invalidWeight(file: String, keyPath: String, weight: Double)
    /// Two requests with the same name, which would make two rows of a report one.
    case duplicateName(file: String, name: String, keyPaths: [String])
    /// A request names a data source the file's `data` does not declare.
    case unknownDataSource(file: String, keyPath: String, name: String)
    /// A request's template uses a variable that none of its data sources provides.
    case unknownVariable(file: String, request: String, variable: String, keyPath: String)
    /// Two data sources of one request provide the same variable, so which one fills it is unclear.
    case ambiguousVariable(file: String, request: String, variable: String, sources: [String])
    /// A template that cannot be parsed: a `{{` without its `}}`, or an empty or braced name.
    case malformedTemplate(file: String, keyPath: String, reason: String)
    /// A `url` that is neither an absolute `http`/`https` URL nor a path starting with `/`.
    case invalidURL(file: String, keyPath: String, url: String)
    /// A `url` that is a path, loaded without a base URL to resolve it against.
    case pathWithoutBaseURL(file: String, request: String, url: String)
    /// The base URL given to the loader is not an absolute `http`/`https` URL without query or fragment.
    case invalidBaseURL(url: String)
    /// A header field's name, or a method, that HTTP does not allow, or a literal header value with a
    /// line break; `detail` names the character, never the value.
    case invalidField(file: String, keyPath: String, detail: String)
    /// A template uses `{{env.NAME}}` and the environment has no `NAME`; the message names the
    /// variable, never a value.
    case unsetEnvironmentVariable(file: String, keyPath: String, name: String)
    /// A key of version 2 (`journeys`, `checks`, `extract`, …) in a file of version 1.
    case needsVersion2(file: String, keyPath: String)
    /// A data file with a header (or nothing) and no rows.
    case emptyDataFile(file: String)
    /// A line of a data file that cannot be read; `reason` says why.
    case malformedData(file: String, line: Int, reason: String)
    /// A CSV header row naming a column twice.
    case duplicateColumn(file: String, line: Int, column: String)
    /// A data file read with the `once` strategy has given each of its `rows` rows.
    case dataExhausted(file: String, rows: Int)
    /// A value of `variable`, from `line` of the data file `file`, holds a line break or NUL and
    /// would have been put in the header field `header` of `request`: refused, since it would end the field.
    case headerInjection(request: String, header: String, variable: String, file: String, line: Int)
    /// A value a session carries (extracted from an answer) or the environment's, named `variable`,
    /// holds a line break or NUL and would have been put in the header field `header` of `request`.
    case variableHeaderInjection(request: String, header: String, variable: String)

    /// What a file that could not be read was for.
    enum FileRole: String, Equatable, Sendable {
        /// The targets file itself.
        case targets = "targets file"
        /// A data file of the `data` object.
        case data = "data file"
        /// A file named by a request's `body`.
        case body = "body file"
    }

    /// The error in one line, with the file and where in it.
    var description: String {
        switch self {
        case .unreadable(let file, let role):
            "cannot read the \(role.rawValue) '\(file)'"
        case .notJSON(let file, let detail):
            "the targets file '\(file)' is not JSON: \(detail)"
        case .unknownKey(let file, let keyPath):
            "unknown key '\(keyPath)' in the targets file '\(file)'"
        case .missingKey(let file, let keyPath):
            "missing key '\(keyPath)' in the targets file '\(file)'"
        case .invalidValue(let file, let keyPath, let expected):
            "invalid '\(keyPath)' in the targets file '\(file)' (expected \(expected))"
        case .unsupportedVersion(let file, let version):
            "the targets file '\(file)' has version \(version); this bench reads versions 1 and \(TargetsFile.version)"
        case .invalidWeight(let file, let keyPath, let weight):
            "invalid '\(keyPath)' in the targets file '\(file)': \(weight.text) (a weight must be a number greater than 0)"
        case .duplicateName(let file, let name, let keyPaths):
            "the request name '\(name)' is used by \(keyPaths.joined(separator: " and ")) in the targets file '\(file)' (names must be unique)"
        case .unknownDataSource(let file, let keyPath, let name):
            "'\(keyPath)' names the data source '\(name)', which 'data' does not declare, in the targets file '\(file)'"
        case .unknownVariable(let file, let request, let variable, let keyPath):
            "the request '\(request)' uses '{{\(variable)}}' in '\(keyPath)', which none of its data sources provides, "
                + "in the targets file '\(file)'"
        case .ambiguousVariable(let file, let request, let variable, let sources):
            "the request '\(request)' has '\(variable)' from more than one data source (\(sources.joined(separator: ", "))) "
                + "in the targets file '\(file)'"
        case .malformedTemplate(let file, let keyPath, let reason):
            "invalid template in '\(keyPath)' in the targets file '\(file)': \(reason)"
        case .invalidURL(let file, let keyPath, let url):
            "invalid '\(keyPath)' '\(Redaction.url(url))' in the targets file '\(file)' "
                + "(expected an http or https URL, or a path starting with '/')"
        case .pathWithoutBaseURL(let file, let request, let url):
            "the request '\(request)' has the path '\(Redaction.url(url))' but no base URL was given to resolve it against "
                + "(targets file '\(file)')"
        case .invalidBaseURL(let url):
            "invalid base URL '\(Redaction.url(url))' for a targets file (expected an http or https URL without query or fragment)"
        case .invalidField(let file, let keyPath, let detail):
            "invalid '\(keyPath)' in the targets file '\(file)': \(detail)"
        case .unsetEnvironmentVariable(let file, let keyPath, let name):
            "'\(keyPath)' uses '{{env.\(name)}}' but the environment has no \(name), in the targets file '\(file)'"
        case .needsVersion2(let file, let keyPath):
            "'\(keyPath)' in the targets file '\(file)' needs \"version\": 2"
        case .emptyDataFile(let file):
            "the data file '\(file)' has no rows"
        case .malformedData(let file, let line, let reason):
            "\(file):\(line): \(reason)"
        case .duplicateColumn(let file, let line, let column):
            "\(file):\(line): the column '\(column)' is named twice"
        case .dataExhausted(let file, let rows):
            "the data file '\(file)' has run out: each of its \(rows) rows was used once (strategy 'once')"
        case .headerInjection(let request, let header, let variable, let file, let line):
            "the value of '{{\(variable)}}' from \(file):\(line) has a line break or NUL and was refused for the header "
                + "'\(header)' of the request '\(request)'"
        case .variableHeaderInjection(let request, let header, let variable):
            "the value of '{{\(variable)}}' has a line break or NUL and was refused for the header '\(header)' of '\(request)'"
        }
    }
}
