import Fingerprint
import Foundation
import ImageCodecs
import Imaging
import TestSupport

/// Real FVC2002 DB1_B images (500 dpi) from `../shared/data`, each read and extracted once per run.
/// Only touch these from tests gated on ``SharedData/isAvailable``.
enum FVCImages {
    static func image(_ name: String) throws -> GrayImage {
        try ImageFile.read(SharedData.url("fingerprints/FVC2002_DB1_B/\(name).tif").path, dpi: 500)
    }

    static let first101 = Result { try image("101_1") }
    static let features101First = first101.map { SyntheticPrints.extractor.extract($0) }
    static let features101Second = Result { SyntheticPrints.extractor.extract(try image("101_2")) }
    static let features102First = Result { SyntheticPrints.extractor.extract(try image("102_1")) }
}
