import BiometricFormats
import Foundation

/// A request about users or templates that cannot be carried out as asked.
public enum RecordError: Error, Sendable, CustomStringConvertible {
    case userNotFound(String)
    case templateNotFound(String)
    case duplicateUser(String)
    case duplicateTemplate(user: String, finger: Finger, format: TemplateFormat)
    /// User names are 1–128 characters, without control characters.
    case invalidUserName(String)
    case emptyTemplate
    case templateTooLarge(bytes: Int, limit: Int)
    case unknownFinger(String)
    case unknownFormat(String)

    public var description: String {
        switch self {
        case .userNotFound(let user): "no user \(user) in the store"
        case .templateNotFound(let what): "no template \(what) in the store"
        case .duplicateUser(let name): "user \(name) already exists"
        case .duplicateTemplate(let user, let finger, let format):
            "\(user) already has a template for \(finger.name) in format \(format.rawValue) (replace it instead)"
        case .invalidUserName(let name): "invalid user name \"\(name)\": use 1–128 printable characters"
        case .emptyTemplate: "the template is empty"
        case .templateTooLarge(let bytes, let limit): "the template has \(bytes) bytes; the limit is \(limit)"
        case .unknownFinger(let name):
            "unknown finger \"\(name)\"; use one of: " + Finger.allCases.map(\.name).joined(separator: ", ")
        case .unknownFormat(let name):
            "unknown template format \"\(name)\"; use one of: " + TemplateFormat.allCases.map(\.rawValue).joined(separator: ", ")
        }
    }
}
