import BiometricFormats
import Foundation
import Testing
import TestSupport

/// The 320 ISO/IEC 19794-2:2005 records another vendor's extractor wrote for the FVC sets
/// (../shared/data/fingerprints/iso-templates, README there).
@Suite(.enabled(if: SharedData.isAvailable, "\(SharedData.skipMessage)"))
struct VendorTemplateTests {
    /// Set name and the mean minutiae count the data README gives.
    static let sets: [(String, Double)] = [
        ("FVC2002_DB1_B", 34.0), ("FVC2002_DB2_B", 40.7), ("FVC2004_DB1_B", 31.4), ("FVC2004_DB3_B", 45.5),
    ]

    static func records(in set: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = SharedData.url("fingerprints/iso-templates/\(set)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".iso") }.sorted()
        return try names.map { ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    @Test(arguments: sets)
    func everyRecordReadsWithSaneValues(set: String, meanMinutiae: Double) throws {
        let files = try Self.records(in: set)
        #expect(files.count == 80)
        var total = 0
        for (name, bytes) in files {
            #expect(TemplateFormat.detect(bytes) == .iso, "\(set)/\(name)")
            let record = try MinutiaeRecord(bytes: bytes)
            #expect(record.imageWidth == 300 && record.imageHeight == 400, "\(set)/\(name)")
            #expect(record.resolution == .dpi500)
            let view = try #require(record.views.first)
            #expect(record.views.count == 1 && view.fingerPosition == 0 && view.extendedData.isEmpty)
            #expect((10...80).contains(view.minutiae.count), "\(set)/\(name): \(view.minutiae.count) minutiae")
            let insane = view.minutiae.filter { minutia in
                !(minutia.x >= 0 && minutia.x < 300 && minutia.y >= 0 && minutia.y < 400)
                    || minutia.kind == .other || !(minutia.direction >= 0 && minutia.direction < 2 * .pi)
            }
            #expect(insane.isEmpty, "\(set)/\(name): \(insane)")
            total += view.minutiae.count
            #expect(try record.encoded(as: .iso) == bytes, "\(set)/\(name) does not write back byte for byte")
        }
        let mean = Double(total) / Double(files.count)
        #expect(abs(mean - meanMinutiae) < 0.05, "\(set): mean \(mean) minutiae")
    }

    @Test(arguments: sets.map(\.0))
    func recordsConvertToANSIAndToACard(set: String) throws {
        for (name, bytes) in try Self.records(in: set) {
            let record = try ISO19794Record.decode(bytes)
            let ansi = try ANSI378Record.encode(record)
            #expect(TemplateFormat.detect(ansi) == .ansi)
            let back = try ANSI378Record.decode(ansi)
            #expect(back.minutiae.map(\.x) == record.minutiae.map(\.x), "\(set)/\(name)")
            switch CompactCardTemplate.prepare(record.views[0], resolution: record.resolution, for: .pbISO) {
            case let .ready(template, omitted):
                #expect(template.minutiae.count == min(60, record.minutiae.count) && omitted.outsideCardArea == 0)
            case let .tooFewMinutiae(usable, minimum):
                #expect(usable < minimum && usable == record.minutiae.count)
            case .unsupportedOrder:
                Issue.record("the pb-iso order is supported")
            }
        }
    }
}
