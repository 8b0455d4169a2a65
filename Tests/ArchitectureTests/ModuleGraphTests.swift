import Foundation
import Testing

/// The module graph docs/architecture.md shows is the one Package.swift builds, and it keeps the
/// rules the design sets (docs/architecture.md, "Rules").
@Suite struct ModuleGraphTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private let manifest: PackageManifest
    private let built: [String: Set<String>]

    init() throws {
        manifest = try PackageManifest(contentsOf: Self.root.appendingPathComponent("Package.swift"))
        built = Dictionary(uniqueKeysWithValues: manifest.targets.filter { $0.kind != "testTarget" }
            .map { ($0.name, Set($0.dependencies)) })
    }

    @Test func theDocumentedGraphIsTheBuiltOne() throws {
        let documented = try DocumentedGraph(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"))
        #expect(!built.isEmpty && built.count > 20, "Package.swift was not read: \(built.keys.sorted())")
        let table = DocumentedGraph.table(for: built, kinds: Dictionary(uniqueKeysWithValues: manifest.targets.map { ($0.name, $0.kind) }))
        #expect(documented.dependencies == built, "docs/architecture.md's module table differs from Package.swift; the current one:\n\(table)")
    }

    @Test func flowsNeverNamePCSCOrAPDUAndTheCardNeverTheMatchers() {
        #expect(built["Biometry"]?.isDisjoint(with: ["PCSC", "APDU", "CPCSCLite"]) == true)
        #expect(built["SmartCard"]?.isDisjoint(with: ["Fingerprint", "PCSC"]) == true)
        #expect(built["BiometricFormats"] == [])
        #expect(built["Sensors"]?.isDisjoint(with: ["FingerprintSynthesis", "ImageCodecs"]) == true)
    }

    @Test func shippedModulesNeverUseTheTestsOnlyTargets() {
        let testsOnly: Set<String> = ["TestSupport", "TemplateStoreWriter", "LoadClient"]
        for (name, dependencies) in built where !testsOnly.contains(name) {
            #expect(dependencies.isDisjoint(with: testsOnly), "\(name) depends on \(dependencies.intersection(testsOnly))")
        }
    }

    @Test func eachCLibraryBelongsToOneSwiftModuleAndIsImportedInternally() throws {
        let cModules = Set(manifest.targets.filter { $0.kind == "systemLibrary" }.map(\.name) + ["CShims"])
        for module in cModules {
            let users = built.filter { $0.value.contains(module) }.map(\.key)
            #expect(users.count == 1, "\(module) is used by \(users.sorted())")
        }
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            for line in lines where line.hasPrefix("import ") || line.hasPrefix("public import ") {
                let module = String(line.split(separator: " ").last ?? "")
                #expect(!cModules.contains(module), "\(file.lastPathComponent): \(line) (use internal import)")
            }
        }
    }
}
