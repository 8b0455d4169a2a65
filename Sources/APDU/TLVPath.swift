/// A path through nested BER-TLV objects: tags separated by `/`, each optionally followed by a
/// 0-based index among same-tag siblings, e.g. `"7F61/7F60[1]/A1/87"`.
public struct TLVPath: Hashable, Sendable, CustomStringConvertible {
    /// One step: a tag and which occurrence of it.
    public struct Step: Hashable, Sendable {
        /// The tag to look for at this level.
        public let tag: BERTag
        /// Which same-tag sibling, from 0.
        public let index: Int
    }

    /// Why a path string could not be read.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The path as given.
        public let path: String
        /// What is wrong with it.
        public let reason: String
        public var description: String { "invalid TLV path \"\(path)\": \(reason)" }
    }

    /// Outermost first.
    public let steps: [Step]

    /// A path from steps built in code.
    public init(steps: [Step]) { self.steps = steps }

    /// Reads `"7F61/7F60[0]/A1/87"`.
    /// - Throws: `TLVPath.ParseError` naming the bad step.
    public init(_ text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !text.isEmpty else { throw ParseError(path: text, reason: "empty path") }
        steps = try parts.map { try Self.step(String($0), in: text) }
    }

    private static func step(_ part: String, in text: String) throws -> Step {
        var tagText = Substring(part)
        var index = 0
        if let open = part.firstIndex(of: "[") {
            guard part.hasSuffix("]"), let value = Int(part[part.index(after: open)..<part.index(before: part.endIndex)]),
                  value >= 0 else {
                throw ParseError(path: text, reason: "step \"\(part)\" has a bad index; write e.g. 7F60[0]")
            }
            index = value
            tagText = part[..<open]
        }
        guard !tagText.isEmpty else { throw ParseError(path: text, reason: "empty step") }
        do {
            return Step(tag: try BERTag(hex: String(tagText)), index: index)
        } catch {
            throw ParseError(path: text, reason: "step \"\(part)\" is not a BER tag (\(error))")
        }
    }

    public var description: String {
        steps.map { $0.index == 0 ? $0.tag.description : "\($0.tag)[\($0.index)]" }.joined(separator: "/")
    }
}

extension Array where Element == BERTLV {
    /// The object at `path`, whose first step matches objects at this level; `nil` when absent.
    public func find(_ path: TLVPath) -> BERTLV? {
        var level = self
        var found: BERTLV?
        for step in path.steps {
            let matches = level.filter { $0.tag == step.tag }
            guard step.index < matches.count else { return nil }
            found = matches[step.index]
            level = matches[step.index].children
        }
        return found
    }

    /// The object at a path written as text, e.g. `"7F61/7F60[0]/A1/87"`.
    /// - Throws: `TLVPath.ParseError` for a malformed path (absence is `nil`, not an error).
    public func find(_ path: String) throws -> BERTLV? {
        find(try TLVPath(path))
    }
}

extension BERTLV {
    /// The object at `path` below this one (the first step matches this object's children).
    public func find(_ path: TLVPath) -> BERTLV? { children.find(path) }

    /// The object at a path below this one, written as text.
    /// - Throws: `TLVPath.ParseError` for a malformed path.
    public func find(_ path: String) throws -> BERTLV? { try children.find(path) }
}
