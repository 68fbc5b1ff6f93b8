import { mediaAccessSuite } from '../test/media-access-suite';
import { useTestApp } from '../test/harness';

// STORAGE_DRIVER=fs (the default): files under DATA_DIR/public.
mediaAccessSuite(useTestApp());
