import Foundation
import Testing
import TestSupport
import VirtualCard

/// What the live card-edge command suites share: the test admin key, the virtual card they attach
/// (with the comparison test double at its seam), running `pbtool`, reading its JSON.
enum CardEdgeCommandBench {
    static let adminKey = "00112233445566778899AABBCCDDEEFF"

    static func attach(port: UInt16 = 35963) throws -> AttachedVirtualCard {
        try AttachedVirtualCard.attach(applets: AppletCatalog.all(comparison: SameMinutiaeComparison()), port: port)
    }

    static func pbtool(_ arguments: [String], environment: [String: String] = [:]) throws -> PBToolProcess.Outcome {
        try PBToolProcess.run(arguments, environment: environment)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `card init` with the test admin key and `card enroll` of the right index.
    static func initialiseAndEnroll(_ templates: CardEdgeTemplates) throws {
        #expect(try pbtool(["card", "init", "--admin-key", adminKey]).status == 0)
        let enrolled = try pbtool(["card", "enroll", "--finger", "right-index", "--template", templates.reference,
                                   "--admin-key", adminKey])
        #expect(enrolled.status == 0, "\(enrolled.standardError)")
    }
}
