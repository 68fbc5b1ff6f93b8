import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { Button, CircularProgress, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError } from '../../../lib/errors';
import { downloadContactsExport } from '../hooks/export-contacts';

/** "Importar / Exportar" (spec 2 "Contacts administration"): import from a file, or download every contact. */
export function ImportExportMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportAll = async () => {
    setAnchor(null);
    setExporting(true);
    try {
      await downloadContactsExport();
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        onClick={(e) => setAnchor(e.currentTarget)}
        endIcon={<ArrowDropDownIcon />}
        disabled={exporting}
        startIcon={exporting ? <CircularProgress size={16} /> : undefined}
        data-testid="import-export"
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('contacts.importExport')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => navigate('/contacts/import')} data-testid="import-from-file">
          <ListItemIcon>
            <FileUploadIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('contacts.importFromFile')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={exportAll} data-testid="export-contacts">
          <ListItemIcon>
            <FileDownloadIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('contacts.export')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
